// Tiny Node.js workload for a Trace Event Format sample: synchronous file
// system calls, zlib on the thread pool, a timer and a promise chain.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fc-node-')), 'data.txt');
fs.writeFileSync(file, 'feature compass '.repeat(4096));
const data = fs.readFileSync(file);

zlib.gzip(data, (err, packed) => {
  if (err) throw err;
  setTimeout(() => {
    Promise.resolve(packed)
      .then((p) => zlib.gunzipSync(p))
      .then((plain) => {
        fs.rmSync(path.dirname(file), { recursive: true });
        console.log(`node-demo: ${data.length} bytes -> ${packed.length} -> ${plain.length}`);
      });
  }, 5);
});
