// node --test host/pico/test: the WS2812 decoder on hand-made edges (no chip needed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LaneFrames, WS2812Decoder } from '../ws2812.mjs';

/** Edges of `bytes` sent from `t0` ns at 800 kHz (1: 800 ns high, 0: 400 ns high); returns the
 *  time of the last falling edge. */
function send(decoder, bytes, t0) {
  let t = t0, lastFall = t0;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      const high = (byte >> bit) & 1 ? 800 : 400;
      decoder.edge(t, true);
      decoder.edge(t + high, false);
      lastFall = t + high;
      t += 1250;
    }
  }
  return lastFall;
}

test('pixels come out as [r, g, b] from GRB on the wire, stamped at the last bit', () => {
  const d = new WS2812Decoder();
  const end = send(d, [0x10, 0x20, 0x30, 0xff, 0x00, 0x80], 1e6);
  assert.equal(d.count, 0); // not latched until the line has been low for 50 us
  d.poll(end + 49_000);
  assert.equal(d.count, 0);
  d.poll(end + 50_000);
  assert.equal(d.count, 1);
  assert.deepEqual(d.latest().px, [[0x20, 0x10, 0x30], [0x00, 0xff, 0x80]]);
  assert.equal(d.latest().t_ms, end / 1e6);
});

test('a rising edge after the latch gap ends the frame too; frames_since counts on', () => {
  const d = new WS2812Decoder();
  const end = send(d, [1, 2, 3], 0);
  send(d, [4, 5, 6], end + 60_000);
  assert.equal(d.count, 1);
  d.poll(end + 200_000);
  assert.deepEqual(d.since(0).map((f) => f.px), [[[2, 1, 3]], [[5, 4, 6]]]);
  assert.deepEqual(d.since(1).map((f) => f.n), [2]);
});

test('a frame cut by a reset never latches', () => {
  const d = new WS2812Decoder();
  const end = send(d, [9, 9, 9], 0);
  d.abort();
  d.poll(end + 100_000);
  assert.equal(d.count, 0);
});

test('lanes: a frame is every lane side by side, in lane order, stamped at the last lane', () => {
  const f = new LaneFrames(3);
  const [a, b, c] = f.decoders;
  const endA = send(a, [1, 2, 3, 4, 5, 6], 0); // two pixels
  const endB = send(b, [7, 8, 9], 0); // one pixel: shorter lanes latch first
  const endC = send(c, [10, 11, 12, 13, 14, 15], 0);
  f.poll(endB + 50_000);
  assert.equal(f.count, 0); // lanes A and C still sending
  f.poll(Math.max(endA, endC) + 50_000);
  assert.equal(f.count, 1);
  assert.deepEqual(f.latest().px, [[2, 1, 3], [5, 4, 6], [8, 7, 9], [11, 10, 12], [14, 13, 15]]);
  assert.deepEqual(f.latest().lanes, [2, 1, 2]);
  assert.equal(f.latest().t_ms, Math.max(endA, endC) / 1e6);
});

test('lanes: a lane that sent nothing closes its frame short when the next one comes', () => {
  const f = new LaneFrames(2);
  const [a, b] = f.decoders;
  let end = send(a, [1, 2, 3], 0);
  send(b, [4], 0); // less than a pixel: a glitch, no frame on this lane
  f.poll(end + 60_000);
  assert.equal(f.count, 0);
  end = send(a, [5, 6, 7], end + 100_000);
  send(b, [8, 9, 10], end - 30_000);
  f.poll(end + 60_000);
  assert.deepEqual(f.since(0).map((x) => x.lanes), [[1, 0], [1, 1]]);
  f.abort();
  assert.deepEqual(f.pending, [null, null]);
});

test('lanes: a frame sent before the lanes (on one pin) stays apart from the next', () => {
  // a board that drew on GP2 alone, then restarted wired in lanes: the shortest lane latches
  // first, and the old part must not be joined to it (every frame after would be a lane off)
  const f = new LaneFrames(3);
  const [a, b, c] = f.decoders;
  let end = send(a, [1, 2, 3, 4, 5, 6], 0);
  f.poll(end + 60_000);
  assert.equal(f.count, 0); // waits for the other lanes
  for (let k = 0; k < 2; k++) {
    const t0 = 1e6 * (k + 1);
    end = send(a, [k, k, k, k, k, k], t0);
    f.poll(send(b, [k, k, k], t0) + 50_000); // one pixel: latches first
    send(c, [k, k, k, k, k, k], t0);
    f.poll(end + 60_000);
  }
  assert.deepEqual(f.since(0).map((x) => x.lanes), [[2, 0, 0], [2, 1, 2], [2, 1, 2]]);
  assert.deepEqual(f.latest().px, Array(5).fill([1, 1, 1]));
});
