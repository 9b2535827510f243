import RunwayCLI

await Runway.runMain()
