// WS2812 frames read back from the LED data pin, the way the first LED of the chain reads them:
// each high pulse is a bit (longer than THRESHOLD_NS: 1), 24 bits a pixel (GRB on the wire), and
// the line held low for RESET_NS or more latches the frame. Times are the board's time line in
// nanoseconds (Board.now(): it keeps counting across hard resets), never a core's own clock.
const THRESHOLD_NS = 550; // T0H is 0.35-0.4 us, T1H 0.7-0.8 us
const RESET_NS = 50000; // the WS2812's latch: low for 50 us or more
const KEEP = 256; // frames kept for frames_since

export class WS2812Decoder {
  constructor(order = 'GRB') {
    this.order = order;
    this.frames = []; // the last KEEP frames: {n, t_ms, px: [[r, g, b], ...]}
    this.count = 0; // frames latched so far
    this.onFrame = null; // called after each new frame
    this.abort();
  }

  /** Forget a frame being sent (the chip was reset half way through it). */
  abort() {
    this.bits = [];
    this.riseNs = null;
    this.fallNs = null;
    this.startNs = null; // the frame's first rising edge
  }

  /** The data line changed to `high` at `ns`. */
  edge(ns, high) {
    if (high) {
      if (this.fallNs !== null && ns - this.fallNs >= RESET_NS) this.latch();
      if (!this.bits.length) this.startNs = ns;
      this.riseNs = ns;
    } else if (this.riseNs !== null) {
      this.bits.push(ns - this.riseNs > THRESHOLD_NS ? 1 : 0);
      this.fallNs = ns;
      this.riseNs = null;
    }
  }

  /** Time passed to `ns` with no edge: latch the frame once the line has been low long enough. */
  poll(ns) {
    if (this.bits.length && this.fallNs !== null && ns - this.fallNs >= RESET_NS) this.latch();
  }

  latch() {
    const bits = this.bits, lastFallNs = this.fallNs;
    this.bits = [];
    if (bits.length < 24) return; // a glitch, not a pixel
    const px = [];
    for (let i = 0; i + 24 <= bits.length; i += 24) {
      const byColour = {};
      for (let c = 0; c < 3; c++) {
        let v = 0;
        for (let b = 0; b < 8; b++) v = (v << 1) | bits[i + c * 8 + b];
        byColour[this.order[c]] = v;
      }
      px.push([byColour.R, byColour.G, byColour.B]);
    }
    this.count++;
    // stamped when the last LED has its bits (the last falling edge): what a player sees then
    this.frames.push({ n: this.count, t_ms: lastFallNs / 1e6, px, startNs: this.startNs });
    if (this.frames.length > KEEP) this.frames.shift();
    this.onFrame?.();
  }

  latest() { return this.frames[this.frames.length - 1] ?? null; }

  since(n) { return this.frames.filter((f) => f.n > n); }
}

/** Frames of a board whose LEDs hang on several data pins (lanes), each decoded by its own
 *  WS2812Decoder: a frame is every lane's frame side by side, the lanes' pixels one after the
 *  other in lane order (the firmware's LED buffer order). The lanes start together; a frame is
 *  complete once each lane has latched, stamped when the last one did. A lane that latches
 *  again before the others (a frame cut short, a lane that sent less than a pixel) closes the
 *  frame as it is: its missing lanes are empty, so it is shorter than the chain. So does a lane
 *  whose frame began apart from the ones waiting (a frame the board sent on one pin before it
 *  was wired in lanes): parts of one frame start within a latch gap of each other. */
export class LaneFrames {
  constructor(lanes, order = 'GRB') {
    this.decoders = Array.from({ length: lanes }, () => new WS2812Decoder(order));
    this.frames = [];
    this.count = 0;
    this.onFrame = null;
    this.pending = new Array(lanes).fill(null);
    this.decoders.forEach((d, k) => { d.onFrame = () => this.lane(k, d.latest()); });
  }

  abort() {
    for (const d of this.decoders) d.abort();
    this.pending.fill(null);
  }

  poll(ns) { for (const d of this.decoders) d.poll(ns); }

  lane(k, frame) {
    const apart = this.pending.some((p) => p && Math.abs(p.startNs - frame.startNs) >= RESET_NS);
    if (this.pending[k] || apart) this.flush();
    this.pending[k] = frame;
    if (this.pending.every(Boolean)) this.flush();
  }

  flush() {
    const parts = this.pending;
    this.pending = new Array(parts.length).fill(null);
    const px = [];
    let t = 0;
    for (const p of parts) {
      if (!p) continue;
      for (const v of p.px) px.push(v);
      t = Math.max(t, p.t_ms);
    }
    this.count++;
    this.frames.push({ n: this.count, t_ms: t, px, lanes: parts.map((p) => (p ? p.px.length : 0)) });
    if (this.frames.length > KEEP) this.frames.shift();
    // a lane's own frames are not read: keep them from growing
    for (const d of this.decoders) d.frames.length = 0;
    this.onFrame?.();
  }

  latest() { return this.frames[this.frames.length - 1] ?? null; }

  since(n) { return this.frames.filter((f) => f.n > n); }
}
