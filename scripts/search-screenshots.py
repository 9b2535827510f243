"""make screenshots, the search part: a built site with [search] on (SITE, its output folder),
served by Python and driven by headless Chromium through chromedriver, as a reader would: `/`,
a typed word, the results (search-light.png, search-dark.png); the related pages of a post
(related-*.png); and the social tags of a page's head, as view-source shows them.

    python3 scripts/search-screenshots.py SITE/_site OUT
"""
import json, subprocess, time, urllib.request, base64, sys, os, socket
def free():
    s=socket.socket(); s.bind(("127.0.0.1",0)); p=s.getsockname()[1]; s.close(); return p
site, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
sp=free(); dp=free()
server=subprocess.Popen(["python3","-m","http.server",str(sp),"--bind","127.0.0.1","--directory",site],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
driver=subprocess.Popen(["/usr/bin/chromedriver",f"--port={dp}"],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
base=f"http://127.0.0.1:{dp}"
def call(method, path, body=None):
    req=urllib.request.Request(base+path, method=method, data=json.dumps(body).encode() if body is not None else None, headers={"Content-Type":"application/json"})
    return json.load(urllib.request.urlopen(req, timeout=60))
for _ in range(100):
    try: call("GET","/status"); break
    except Exception: time.sleep(0.1)
sid=call("POST","/session",{"capabilities":{"alwaysMatch":{"browserName":"chrome","goog:chromeOptions":{"binary":"/usr/bin/chromium","args":["--headless=new","--no-sandbox","--disable-gpu","--hide-scrollbars","--window-size=1100,900"]}}}})["value"]["sessionId"]
S=f"/session/{sid}"
def run(js,args=[]): return call("POST",S+"/execute/sync",{"script":js,"args":args})["value"]
def keys(t): call("POST",S+"/actions",{"actions":[{"type":"key","id":"k","actions":[a for c in t for a in ({"type":"keyDown","value":c},{"type":"keyUp","value":c})]}]})
def shot(name):
    open(os.path.join(out,name),"wb").write(base64.b64decode(call("GET",S+"/screenshot")["value"])); print(os.path.join(out,name))
def dark(on): call("POST",S+"/goog/cdp/execute",{"cmd":"Emulation.setEmulatedMedia","params":{"features":[{"name":"prefers-color-scheme","value":"dark" if on else "light"}]}})
for scheme in ["light","dark"]:
    dark(scheme=="dark")
    call("POST",S+"/url",{"url":f"http://127.0.0.1:{sp}/posts/gfm/"})
    keys("/"); keys("tables")
    for _ in range(100):
        if run("return document.querySelectorAll('#site-search .pagefind-ui__result').length") : break
        time.sleep(0.1)
    time.sleep(0.5)
    shot(f"search-{scheme}.png")
    call("POST",S+"/url",{"url":f"http://127.0.0.1:{sp}/posts/gfm/"})
    run("document.querySelector('aside.related').scrollIntoView({block:'center'})")
    time.sleep(0.3)
    shot(f"related-{scheme}.png")
dark(False)
call("POST",S+"/url",{"url":f"view-source:http://127.0.0.1:{sp}/posts/tables/"})
time.sleep(0.5)
shot("social-tags-source.png")
call("DELETE",S); driver.kill(); server.kill()
