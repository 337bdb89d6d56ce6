// Gamester engine worker (gamester-worker.js): the runtime's files put back together and kept. No state of its own:
// the worker passes in what each needs.

// The snapshot as served leaves out its 4 kB pages that are all zeros (some 60% of it: the interpreter's memory it
// has not used), so that the browser has less to inflate and to pass on, and the worker and its storage less to read
// and to hash (snapshot.mjs, sparse): a header of four little-endian words (SPARSE, the snapshot's length, the
// page's length, the count of runs), each run of pages kept (its first page and how many), then those pages' bytes in
// turn. Put back in place into ``into`` (all zeros, runtime.json's snapshot_memory long) or a new buffer; ``b`` is
// left as it is. A file without the mark is whole.
export const SPARSE = 0x315a4d47; // "GMZ1"
export function fullSnapshot(b, into = null) {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length < 16 || v.getUint32(0, true) !== SPARSE) {
    if (!into) return b;
    if (b.length !== into.length) throw new Error("its length is not runtime.json's");
    into.set(b);
    return into;
  }
  const total = v.getUint32(4, true), page = v.getUint32(8, true), runs = v.getUint32(12, true);
  if (into && into.length !== total) throw new Error("its length is not runtime.json's");
  const out = into || new Uint8Array(total);
  let at = 16 + runs * 8;
  for (let r = 0, k = 16; r < runs; r++, k += 8) {
    const from = v.getUint32(k, true) * page, n = Math.min(v.getUint32(k + 4, true) * page, total - from);
    if (n <= 0 || at + n > b.length) throw new Error("its runs of pages do not fit it");
    out.set(b.subarray(at, at + n), from);
    at += n;
  }
  if (at !== b.length) throw new Error("its runs of pages do not fit it");
  return out;
}

// The snapshot is stored as its difference (XOR) from the wasm's initial memory (snapshot.mjs; runtime.json's
// snapshot_wasm_data: how many bytes into the memory it runs): Pyodide's static data, which pyodide.asm.wasm brings
// already, is not sent twice. Undone in place in ``bytes`` (the whole snapshot, after Pyodide's header) from ``init``,
// the fresh memory's first bytes, once the wasm is instantiated and before Pyodide restores the snapshot into it.
export function undoDiff(bytes, init) {
  const head = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true); // Pyodide's header's length
  const end = init.length;
  let k = 0;
  if ((bytes.byteOffset + head) % 4 === 0 && init.byteOffset % 4 === 0) {
    const a = new Int32Array(bytes.buffer, bytes.byteOffset + head, end >> 2);
    const m = new Int32Array(init.buffer, init.byteOffset, end >> 2);
    for (; k < a.length; k++) a[k] ^= m[k];
    k <<= 2;
  }
  for (; k < end; k++) bytes[head + k] ^= init[k];
  bytes.undone = true;
}

// What a start fetched straight from the network (gamester-worker.js, directFetch): ``files``, url -> { bytes, type }
// or { copy } (a clone of the response), each kept in the service worker's storage exactly as the service worker
// keeps a file: under the sha256 runtime.json gives it (``expected``), when its bytes have that hash, with the hash
// in its headers; one already held under that hash, or not in the table, is left.
export async function keep(files, { expected, fromStorage, sha256hex, cacheName, hash }) {
  let cache = null;
  for (const [url, { bytes, type, copy }] of files) {
    const sha = expected && expected.get(url);
    try {
      if (!sha || (await fromStorage(url, sha))) {
        if (copy && copy.body) copy.body.cancel().catch(() => {});
        continue;
      }
      const body = bytes || new Uint8Array(await copy.arrayBuffer());
      if ((await sha256hex(body)) !== sha) continue; // (changed on its way, or since: not kept)
      cache = cache || await self.caches.open(cacheName);
      await cache.put(url, new Response(body, { headers: {
        "Content-Type": (copy ? copy.headers.get("Content-Type") : type) || "application/octet-stream", [hash]: sha } }));
    } catch (e) {
      /* not kept: the next start fetches it again */
    }
  }
}
