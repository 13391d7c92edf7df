import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const p = await b.newPage();
p.on("console", m => console.log("console", m.text()));
await p.goto("file:///tmp/static-exp/" + process.argv[2]);
await p.waitForTimeout(2000);
console.log(await p.evaluate(() => JSON.stringify(document.body.dataset)));
await b.close();
