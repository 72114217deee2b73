// One replay through libhaliteviz in headless chromium; run by check.sh, which
// builds the viewer and gives the paths:
//   node check.js --dist DIR --page check.html --shots DIR [--embedded] FILE.hlt
// Serves the viewer's bundle (DIR), the page and FILE on 127.0.0.1, drives
// Debian's /usr/bin/chromium with playwright-core and prints OK or ERROR.
const http = require("http"), fs = require("fs"), path = require("path"), os = require("os");
const { chromium } = require("playwright-core");

// A replay the viewer has not finished with by then has hung it.
const kCheckTimeoutMs = 120000;

function parseArgs(argv) {
  const o = { embedded: false, files: [] };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === "--embedded") o.embedded = true;
    else if (a === "--dist" || a === "--page" || a === "--shots") o[a.slice(2)] = argv[++i];
    else if (a.startsWith("--")) { console.error("check.js: unknown option " + a); process.exit(2); }
    else o.files.push(a);
  }
  if (!o.dist || !o.page || !o.shots || o.files.length !== 1) {
    console.error("usage: node check.js --dist DIR --page check.html --shots DIR [--embedded] FILE.hlt");
    process.exit(2);
  }
  return o;
}
const opts = parseArgs(process.argv.slice(2));
const DIST = opts.dist, PAGE = opts.page, embedded = opts.embedded, file = opts.files[0];
const png = path.join(opts.shots, path.basename(file).replace(/\.[^.]*$/, "") + (embedded ? "-embedded" : "") + ".png");
const types = { ".js": "application/javascript", ".png": "image/png", ".html": "text/html", ".json": "application/json", ".map": "application/json" };

const server = http.createServer((req, res) => {
  const u = decodeURIComponent(req.url.split("?")[0]);
  let p = null;
  if (u === "/" || u === "/check.html") p = PAGE;
  else if (u === "/replay.hlt") p = path.resolve(file);
  else if (u.startsWith("/dist/")) p = path.join(DIST, path.normalize(u.slice(6)).replace(/^(\.\.[\/\\])+/, ""));
  if (!p || !fs.existsSync(p)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { "Content-Type": types[path.extname(p)] || "application/octet-stream" });
  fs.createReadStream(p).pipe(res);
});

(async () => {
  const t0 = Date.now();
  if (!fs.existsSync(file)) { console.log(`ERROR ${file}: no such file`); process.exit(1); }
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const port = server.address().port;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "viewer-chromium-"));
  const console_ = [];
  let ctx;
  let failed = [];
  try {
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium", headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync"],
      viewport: { width: 700, height: 700 },
    });
    // no network here: requests off 127.0.0.1 (EmbeddedVisualizer's font-awesome CSS on unpkg.com)
    // are answered empty and listed as notes, not errors
    const notes = [];
    await ctx.route((u) => !u.href.startsWith(`http://127.0.0.1:${port}/`), (route) => {
      notes.push("external request stubbed: " + route.request().url());
      route.fulfill({ status: 200, body: "" });
    });
    const page = ctx.pages()[0] || await ctx.newPage();
    page.on("console", (m) => console_.push(`console.${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => console_.push(`pageerror: ${e.stack || e}`));
    page.on("requestfailed", (r) => console_.push(`requestfailed: ${r.url()} ${r.failure() && r.failure().errorText}`));
    page.on("response", (r) => { if (r.status() >= 400) console_.push(`http ${r.status()}: ${r.url()}`); });
    await page.goto(`http://127.0.0.1:${port}/check.html`);
    const run = page.evaluate((o) => window.runCheck(o), { cls: embedded ? "EmbeddedVisualizer" : "HaliteVisualizer", w: 640, h: 640 });
    const deadline = Date.now() + kCheckTimeoutMs;
    const shots = [];
    for (;;) {
      const st = await page.evaluate(() => ({ ready: check.shotReady, taken: check.shotTaken, finished: !!check.finished }));
      if (st.ready && st.ready !== st.taken) {
        // the last frame goes to --shots/NAME.png, the middle one to --shots/NAME-mid.png
        const out = st.ready === "last" ? png : png.replace(/\.png$/, "") + "-" + st.ready + ".png";
        fs.mkdirSync(path.dirname(out), { recursive: true });
        await page.locator("#container canvas").first().screenshot({ path: out });
        shots.push(out);
        await page.evaluate((n) => { check.shotTaken = n; }, st.ready);
      }
      if (st.finished) break;
      if (Date.now() > deadline) { failed.push(`timeout after ${kCheckTimeoutMs / 1000} s`); break; }
      await new Promise((r) => setTimeout(r, 100));
    }
    await run.catch((e) => failed.push("evaluate: " + e));
    const check = await page.evaluate(() => window.check);
    failed = failed.concat(check.errors);
    const bad = console_.filter((l) => /^(console\.error|pageerror|requestfailed|http )/.test(l));
    failed = failed.concat(bad);
    const info = Object.entries(check.info).map(([k, v]) => `${k}=${v}`).join(" ");
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    if (process.env.VERBOSE) console_.forEach((l) => console.log("  " + l));
    notes.forEach((l) => console.log("note: " + l));
    if (failed.length === 0) console.log(`OK ${file} ${info} screenshots=${shots.join(",") || "none"} (${secs} s)`);
    else {
      console.log(`ERROR ${file} stage=${check.stage} ${info} screenshots=${shots.join(",") || "none"} (${secs} s)`);
      [...new Set(failed)].forEach((l) => console.log("  " + l.split("\n").slice(0, 8).join("\n    ")));
    }
  } catch (e) {
    failed.push(String(e && e.stack || e));
    console.log(`ERROR ${file}: ${e && e.stack || e}`);
  } finally {
    if (ctx) await ctx.close().catch(() => {});
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  process.exit(failed.length ? 1 : 0);
})();
