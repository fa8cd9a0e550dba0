// A chain of 74HC165 shift registers, one a seat, as Lanterne's seat buttons wire them
// (firmware/seats.py, hardware/WIRING.md section 7): the Pico drives every chip's CLK and SH/LD
// and reads seat 0's QH; each chip's SER takes the next one's QH, the last one's is grounded.
//
// Each chip's parallel inputs: A..F the six buttons (up, down, left, right, A, B; pulled up, a
// press reads 0), G tied low and H tied high (the known bits). SH/LD low loads every chip at
// once (and keeps loading while low); a rising CLK with SH/LD high shifts each chip one bit
// towards QH. A chip marked missing answers nothing: its QH reads low (the Pico's pull-down, or
// the next chip's SER floating low), so its byte and every later one's read wrong.
export const IDLE = 0xbf;
export const BUTTON_BITS = { up: 0, down: 1, left: 2, right: 3, a: 4, b: 5 };

export class HC165Chain {
  constructor(seats) {
    this.seats = seats;
    this.inputs = new Uint8Array(seats).fill(IDLE); // what each chip's pins see
    this.regs = new Uint8Array(seats); // each chip's shift register
    this.missing = new Uint8Array(seats);
    this.latchLevel = true;
    this.clockLevel = false;
    this.loads = 0; // latches seen (a scan each)
    this.dataPin = null;
  }

  /** Wire the chain to a chip's GPIOs (again after a hard reset: a new chip). */
  attach(mcu, { clock, latch, data }) {
    const c = mcu.gpio[clock], l = mcu.gpio[latch];
    this.dataPin = mcu.gpio[data];
    this.clockLevel = c.outputValue;
    this.latchLevel = l.outputValue;
    l.addListener(() => {
      const v = l.outputValue;
      if (v === this.latchLevel) return;
      this.latchLevel = v;
      if (!v) { this.load(); this.loads++; }
    });
    c.addListener(() => {
      const v = c.outputValue;
      if (v === this.clockLevel) return;
      this.clockLevel = v;
      if (v) { if (this.latchLevel) this.shift(); else this.load(); }
    });
    this.drive();
  }

  load() {
    for (let i = 0; i < this.seats; i++) this.regs[i] = this.missing[i] ? 0 : this.inputs[i];
    this.drive();
  }

  shift() {
    for (let i = 0; i < this.seats; i++) {
      const ser = i + 1 < this.seats ? this.regs[i + 1] >> 7 : 0;
      this.regs[i] = this.missing[i] ? 0 : ((this.regs[i] << 1) | ser) & 0xff;
    }
    this.drive();
  }

  drive() { this.dataPin?.setInputValue(this.seats && !this.missing[0] ? !!(this.regs[0] & 0x80) : false); }

  /** Seat `seat`'s button (a name of BUTTON_BITS, or a bit) held down or let go. */
  setButton(seat, button, down) {
    if (!(seat >= 0 && seat < this.seats)) throw new Error(`no seat ${seat} (the chain has ${this.seats})`);
    const bit = typeof button === 'number' ? button : BUTTON_BITS[button];
    if (bit === undefined) throw new Error(`unknown button ${JSON.stringify(button)}`);
    if (down) this.inputs[seat] &= ~(1 << bit) & 0xff;
    else this.inputs[seat] |= 1 << bit;
    if (!this.latchLevel) this.load();
  }

  held(seat) { return (~this.inputs[seat] & 0x3f) !== 0; }
}
