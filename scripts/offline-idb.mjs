// `npm run bench:offline-idb`: what storing the phone's offline copy costs in Chromium's IndexedDB for a
// company of 5,000 items and 500 pieces of equipment (rows shaped as client/src/offline/snapshotStore.ts
// keeps them): JSON size of the copy, median time of 5 puts and 5 gets. Desktop CPU: a phone is slower.
/* global indexedDB -- used inside page.evaluate, in the browser */
import http from "node:http";
import { chromium } from "playwright-core";
const server = http.createServer((_q, r) => { r.setHeader("content-type", "text/html"); r.end("<!doctype html><title>x</title>"); }).listen(Number(process.env.IDB_PORT ?? 3477));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${process.env.IDB_PORT ?? 3477}/`);
const result = await page.evaluate(async () => {
  const item = (i) => ({ id: btoa(`InventoryItem:${i}`), databaseId: i, name: `Brand Product ${i} #${String(i).padStart(5, "0")}`, description: `Product for general pest work ${i}`, category: "Pesticide", quantity: i % 400, minQuantity: 20, unit: "bottles", location: `Warehouse A - Shelf ${i % 20}`, barcode: String(4006381333931 + i), qrCode: i % 3 ? null : `QR-${i}`, hazardous: i % 3 === 0, epaRegistrationNumber: i % 2 ? "432-1012" : null, sdsFileUrl: null });
  const eq = (i) => ({ id: btoa(`Equipment:${i}`), databaseId: i, name: `Sprayer ${i}`, serialNumber: `SN-${i}`, category: "Sprayer", status: "available", assignedTo: null, assignedAt: null, location: "Shop", qrCode: null, dueBack: null, sdsFileUrl: null });
  const snap = { userId: "2", syncedAt: new Date().toISOString(), inventory: Array.from({ length: 5000 }, (_, i) => item(i + 1)), equipment: Array.from({ length: 500 }, (_, i) => eq(i + 1)), requests: [], team: Array.from({ length: 25 }, (_, i) => ({ id: i, name: `Tech ${i}`, role: "employee", department: null })) };
  const bytes = JSON.stringify(snap).length;
  const db = await new Promise((res) => { const o = indexedDB.open("m", 1); o.onupgradeneeded = () => o.result.createObjectStore("snapshots", { keyPath: "userId" }); o.onsuccess = () => res(o.result); });
  const times = { put: [], get: [] };
  for (let r = 0; r < 5; r++) {
    let t = performance.now();
    await new Promise((res) => { const tx = db.transaction("snapshots", "readwrite"); tx.objectStore("snapshots").put(snap); tx.oncomplete = res; });
    times.put.push(performance.now() - t);
    t = performance.now();
    await new Promise((res) => { const g = db.transaction("snapshots").objectStore("snapshots").get("2"); g.onsuccess = () => res(g.result); });
    times.get.push(performance.now() - t);
  }
  const est = await navigator.storage.estimate();
  const med = (a) => a.sort((x, y) => x - y)[2];
  return { bytes, putMs: med(times.put), getMs: med(times.get), usage: est.usage };
});
console.log(JSON.stringify(result));
await browser.close(); server.close();
