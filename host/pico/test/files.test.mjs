// node --test host/pico/test (after npm ci): reading the boot ROM and UF2 files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { FLASH_BASE, flashFromUF2, readBootrom } from '../rp2040.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanterne-pico-'));

test('the boot ROM reads the same from the 16 KiB binary and from rp2040js\'s bootrom.ts', () => {
  const words = Uint32Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 0);
  fs.writeFileSync(path.join(dir, 'rom.bin'), Buffer.from(words.buffer));
  const ts = '// B1\nexport const bootromB1 = new Uint32Array([\n' +
    Array.from(words, (w) => `  0x${w.toString(16).padStart(8, '0')},`).join('\n') + '\n]);\n';
  fs.writeFileSync(path.join(dir, 'bootrom.ts'), ts);
  assert.deepEqual(readBootrom(path.join(dir, 'rom.bin')), words);
  assert.deepEqual(readBootrom(path.join(dir, 'bootrom.ts')), words);
  fs.writeFileSync(path.join(dir, 'short.bin'), Buffer.alloc(100));
  assert.throws(() => readBootrom(path.join(dir, 'short.bin')), /not an RP2040 boot ROM/);
});

test('a UF2 block lands at its flash address; the rest of flash stays erased', () => {
  const block = Buffer.alloc(512);
  block.writeUInt32LE(0x0a324655, 0);
  block.writeUInt32LE(0x9e5d5157, 4);
  block.writeUInt32LE(FLASH_BASE + 0x1000, 12); // target address
  block.writeUInt32LE(4, 16); // payload size
  block.set([1, 2, 3, 4], 32);
  block.writeUInt32LE(0x0ab16f30, 508); // end magic
  fs.writeFileSync(path.join(dir, 'fw.uf2'), block);
  const flash = flashFromUF2(path.join(dir, 'fw.uf2'));
  assert.deepEqual([...flash.subarray(0xfff, 0x1005)], [0xff, 1, 2, 3, 4, 0xff]);
});
