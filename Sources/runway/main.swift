import RunwayCLI

Runway.runMain()
