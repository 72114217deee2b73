"""A headless Chromium driven over the DevTools protocol on a pipe (standard
library only), for tests/test_viewer.py.

--remote-debugging-pipe makes Chromium read commands from fd 3 and write
answers and events to fd 4, each message a JSON object ended by a NUL byte.
One browser serves every page of a test, which costs a fraction of launching
`chromium --dump-dom` once per page (about 1.4 s each on the 2-core machine).
"""
import json
import os
import select
import subprocess
import time


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, chromium, profile_dir, width=1400, height=1000):
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()

        def on_fds_3_and_4():  # runs in the child, before exec
            os.dup2(commands_read, 100)
            os.dup2(answers_write, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)

        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to
        # start; the pages are the test's own local files.
        self._process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", f"--user-data-dir={profile_dir}",
             f"--window-size={width},{height}", "about:blank"],
            preexec_fn=on_fds_3_and_4, close_fds=False,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(answers_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except (BrowserError, OSError):
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._commands)
        os.close(self._answers)

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("Chromium did not answer in time")
            ready, _, _ = select.select([self._answers], [], [], left)
            if ready:
                chunk = os.read(self._answers, 1 << 20)
                if not chunk:
                    raise BrowserError(f"Chromium closed the pipe (exit code {self._process.poll()})")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, attached=None, timeout=60):
        # `attached`: the id Target.attachToTarget gave for a page (the protocol's sessionId), to
        # address the call to that page; None: to the browser.
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if attached:
            message["sessionId"] = attached
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method, attached, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == attached:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def new_page(self):
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(f"{domain}.enable", attached=attached)
        return Page(self, attached)


class Page:
    """One tab. Collects what would count as a page error: uncaught
    exceptions, console errors, log errors, and any request that leaves the
    machine (the viewer must work with no network)."""

    def __init__(self, browser, attached):
        self.browser = browser
        self.attached = attached

    def navigate(self, url):
        self.browser.events = [e for e in self.browser.events if e.get("sessionId") != self.attached]
        self.browser.call("Page.navigate", {"url": url}, attached=self.attached)
        self.browser.wait_event("Page.loadEventFired", self.attached)

    def evaluate(self, expression):
        result = self.browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                        "awaitPromise": True}, attached=self.attached)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def problems(self):
        """Errors and network requests seen on this page so far (drains the
        events already received)."""
        self.evaluate("0")  # a round trip, so events sent before it have arrived
        found = []
        for event in self.browser.events:
            if event.get("sessionId") != self.attached:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(f"exception: {params['exceptionDetails'].get('exception', {}).get('description')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                found.append(f"console.error: {[a.get('value') for a in params.get('args', [])]}")
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(f"log: {params['entry'].get('text')}")
            elif method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if not url.startswith(("file:", "data:", "about:", "blob:")):
                    found.append(f"network request: {url}")
        self.browser.events = [e for e in self.browser.events if e.get("sessionId") != self.attached]
        return found

    def key(self, key, code, key_code):
        for kind in ("keyDown", "keyUp"):
            self.browser.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                         "windowsVirtualKeyCode": key_code}, attached=self.attached)

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.browser.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                           "clickCount": 1}, attached=self.attached)
