// One Pico plugged into this computer: the RP2040 (rp2040.mjs), the USB cable to it (a CDC
// serial port, as the host's driver sees it), its buttons and its WS2812 chain (ws2812.mjs).
//
// Time: the board has one time line, Board.now() in nanoseconds of simulated RP2040 time, that
// keeps counting across hard resets. A hard reset (the RUN pin, machine.reset(), the watchdog)
// starts a new chip whose own clock starts again at 0, as a Pico's timer does; the board adds
// the time it had already run (baseNs), so button presses, waits and the LED frames' stamps all
// read the same clock before and after a reset.
import { USBCDC } from 'rp2040js';
import { createRP2040, step, WATCHDOG_KEY } from './rp2040.mjs';
import { HC165Chain } from './hc165.mjs';
import { LaneFrames, WS2812Decoder } from './ws2812.mjs';

const BATCH = 20000; // instructions between looks at the USB cable and the wall clock

/** The host's side of the USB cable: rp2040js's USBCDC (enumeration, bulk endpoints) driven
 *  as a PC's CDC-ACM driver drives a Pico. */
class UsbCable {
  constructor(mcu, dtr) {
    const usb = mcu.usbCtrl;
    const cdc = (this.cdc = new USBCDC(usb));
    this.toDevice = []; // bytes written by the host, not yet in the CDC's FIFO
    this.heldRead = null; // an OUT transfer the device armed while we had nothing to send
    this.up = false; // enumerated, the serial port usable
    this.lineWanted = dtr ? 3 : 0; // DTR|RTS while a program has the port open
    this.lineSent = -1;
    this.ep0Busy = true; // a control transfer is in flight: the next one waits
    this.onData = null; // bytes from the board
    this.onUp = null;

    // USBCDC answers every OUT arm at once, with an empty packet when it has nothing: an
    // interrupt storm that eats most of the CPU. A PC NAKs instead, until it has bytes.
    const cdcRead = (this.cdcRead = usb.onEndpointRead);
    usb.onEndpointRead = (ep, size) => {
      if (ep === cdc.outEndpoint && cdc.txFIFO.empty) this.heldRead = [ep, size];
      else cdcRead(ep, size);
    };
    cdc.onSerialData = (buf) => this.onData?.(buf);
    cdc.onDeviceConnected = () => {
      // configured; USBCDC sends SET_CONTROL_LINE_STATE(DTR|RTS) itself right after
      this.up = true;
      this.lineSent = 3;
      this.ep0Busy = true;
      this.onUp?.();
    };
    // EP0's zero-length status packets end control transfers: then EP0 is free again
    const cdcWrite = usb.onEndpointWrite;
    usb.onEndpointWrite = (ep, buffer) => {
      const configured = cdc.initialized;
      cdcWrite(ep, buffer);
      if (ep === 0 && buffer.length === 0 && configured) this.ep0Busy = false;
    };

    // Re-enumeration. USBCDC enumerates once; a PC enumerates again when the device's
    // controller is re-enabled, or when it drops its D+ pull-up and applies it again
    // (tud_disconnect()/tud_connect()), which rp2040js's device mode otherwise ignores.
    const forget = () => {
      Object.assign(cdc, { initialized: false, descriptorsSize: null, descriptors: [], inEndpoint: -1, outEndpoint: -1 });
      this.heldRead = null;
      this.up = false;
      this.ep0Busy = true;
      this.lineSent = -1;
    };
    const enumerated = () => cdc.initialized || cdc.descriptorsSize != null;
    const cdcEnabled = usb.onUSBEnabled;
    usb.onUSBEnabled = () => {
      if (enumerated()) forget();
      cdcEnabled();
    };
    let pullUp = false;
    const sieWrite = usb.handleSieCtrlWrite.bind(usb);
    usb.handleSieCtrlWrite = (value) => {
      sieWrite(value);
      if (usb.hostMode) return;
      const on = !!(value & (1 << 16)); // SIE_CTRL.PULLUP_EN
      if (on === pullUp) return;
      pullUp = on;
      if (!on) this.up = false; // unplugged, as far as the PC can tell
      else if (enumerated()) { forget(); usb.resetDevice(); } // plugged in again: bus reset
    };
  }

  write(bytes) { for (const b of bytes) this.toDevice.push(b); }

  /** Bytes are waiting for the device (checked while it sleeps, so it wakes up for them). */
  pending() { return this.toDevice.length > 0 || (this.heldRead !== null && !this.cdc.txFIFO.empty); }

  /** Move the host's bytes into the CDC FIFO, answer a held read, send a DTR change. */
  pump() {
    const fifo = this.cdc.txFIFO;
    if (this.toDevice.length) {
      let i = 0;
      while (i < this.toDevice.length && !fifo.full) fifo.push(this.toDevice[i++]);
      this.toDevice.splice(0, i);
    }
    if (this.heldRead && !fifo.empty) {
      const [ep, size] = this.heldRead;
      this.heldRead = null;
      this.cdcRead(ep, size);
    }
    if (this.up && !this.ep0Busy && this.lineWanted !== this.lineSent) {
      this.cdc.cdcSetControlLineState(this.lineWanted);
      this.lineSent = this.lineWanted;
      this.ep0Busy = true;
    }
  }
}

export class Board {
  /** `bootrom`: 4096 words; `flash`: the 2 MiB flash image to start from; `ledPin`: the GPIO of
   *  the WS2812 data line (or null), or `ledPins`: one GPIO a lane (a chain split over several
   *  data lines, each decoded on its own: LaneFrames); `buttonPins`: GPIOs with a button to
   *  ground (pull-ups). */
  constructor({ bootrom, flash, ledPin = null, ledPins = null, buttonPins = [], chain = null }) {
    this.bootrom = bootrom;
    this.ledPins = ledPins ?? (ledPin === null ? [] : [ledPin]);
    this.leds = !this.ledPins.length ? null
      : this.ledPins.length === 1 ? new WS2812Decoder() : new LaneFrames(this.ledPins.length);
    this.pressed = new Map(buttonPins.map((p) => [p, false]));
    // every seat its own buttons: a 74HC165 chain on {clock, latch, data, seats} (hc165.mjs)
    this.chainPins = chain;
    this.chain = chain ? new HC165Chain(chain.seats) : null;
    this.baseNs = 0; // simulated time of the chips before the running one (hard resets)
    this.resetAtNs = 0; // when the running chip started
    this.resets = 0;
    this.resetPending = false;
    this.dtr = false;
    this.cycles = 0; // CPU cycles executed, all chips
    this.runWallMs = 0; // wall time spent emulating
    this.usbEnumerations = 0;
    this.onSerialData = null; // (Uint8Array) => void
    this.onReset = null;
    this.powerOn(flash);
  }

  /** The board's time line (ns): continuous across hard resets. */
  now() { return this.baseNs + this.mcu.clock.nanos; }

  get usbUp() { return this.cable.up; }

  powerOn(flash) {
    const mcu = (this.mcu = createRP2040(this.bootrom, flash));
    const cable = (this.cable = new UsbCable(mcu, this.dtr));
    cable.onData = (buf) => this.onSerialData?.(buf);
    cable.onUp = () => this.usbEnumerations++;
    // machine.reset() and the watchdog reset the chip (finished between two instructions)
    mcu.peripherals[WATCHDOG_KEY].onWatchdogTrigger = () => { this.resetPending = true; };
    for (const [pin, down] of this.pressed) mcu.gpio[pin].setInputValue(!down);
    this.chain?.attach(mcu, this.chainPins);
    const decoders = this.ledPins.length > 1 ? this.leds.decoders : [this.leds];
    this.ledPins.forEach((gpio, k) => {
      const pin = mcu.gpio[gpio], decoder = decoders[k];
      let level = pin.outputValue;
      pin.addListener(() => {
        const v = pin.outputValue;
        if (v !== level) {
          level = v;
          decoder.edge(this.now(), v);
        }
      });
    });
  }

  /** Hard reset, as the RUN pin does: flash is kept, the chip (core, RAM, peripherals, USB)
   *  starts afresh; the time line, the buttons held and the frames seen carry on. */
  hardReset() {
    this.resetPending = false;
    const flash = Uint8Array.from(this.mcu.flash);
    this.baseNs += this.mcu.clock.nanos;
    this.resetAtNs = this.baseNs;
    this.resets++;
    this.leds?.abort(); // a frame cut by the reset never latched
    this.powerOn(flash);
    this.onReset?.();
  }

  /** Hold the button on `pin` down (true) or let it go: it pulls the GPIO low. */
  setButton(pin, down) {
    this.pressed.set(pin, down);
    this.mcu.gpio[pin].setInputValue(!down);
  }

  /** A program opened (true) or closed the serial port: DTR, which MicroPython watches. */
  setDTR(on) {
    this.dtr = on;
    this.cable.lineWanted = on ? 3 : 0;
  }

  writeSerial(bytes) { this.cable.write(bytes); }

  /** Run until the time line reaches `untilNs`, or the wall clock `wallDeadline` (ms, as
   *  performance.now()), or a hard reset (done before returning). */
  run(untilNs, wallDeadline) {
    const t0 = performance.now();
    const mcu = this.mcu, core = mcu.core, clock = mcu.clock, cable = this.cable;
    const end = untilNs - this.baseNs;
    let cycles = 0;
    while (clock.nanos < end && !this.resetPending) {
      cable.pump();
      for (let i = 0; i < BATCH && clock.nanos < end && !this.resetPending; i++) {
        if (core.waiting && cable.pending()) cable.pump(); // wake it with the host's bytes
        cycles += step(mcu, end);
      }
      this.leds?.poll(this.now());
      if (performance.now() > wallDeadline) break;
    }
    this.cycles += cycles;
    this.runWallMs += performance.now() - t0;
    if (this.resetPending) this.hardReset();
  }
}
