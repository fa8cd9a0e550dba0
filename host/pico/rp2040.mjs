// The RP2040 itself: rp2040js (npm, pinned in package.json) loaded with the boot ROM and a UF2,
// plus the three things rp2040js 1.4.1 lacks for MicroPython's rp2 port to run as on a Pico:
//
//  - a flash chip behind the SSI that can be erased and programmed (MicroPython's filesystem,
//    littlefs, writes to flash: without it every `open(..., "w")` spins forever in the boot ROM);
//  - PIO state machines stepped together with the CPU, honouring clock dividers and [delay]
//    cycles (rp2040js runs PIO from setTimeout, decoupled from simulated time);
//  - quiet SIO reads of core 1's FIFO (MicroPython touches it on every soft reset).
import fs from 'fs';
import { Simulator } from 'rp2040js';

export const FLASH_BASE = 0x10000000;
export const FLASH_SIZE = 2 * 1024 * 1024; // a Pico's W25Q16: 2 MiB
// MicroPython's RPI_PICO board keeps its littlefs filesystem in the last 1408 KiB of flash
export const FS_OFFSET = 0xa0000;
const NS_PER_CYCLE = 8; // clk_sys at 125 MHz, as MicroPython sets it and rp2040js counts

// Peripherals are looked up in rp2040js by (address >>> 12).
const SSI_KEY = 0x18000000 >>> 12;
const IO_QSPI_KEY = 0x40018000 >>> 12;
export const WATCHDOG_KEY = 0x40058000 >>> 12;

// ---------------------------------------------------------------------------- firmware files

/** The boot ROM as 4096 words, from a file that is either the 16 KiB binary itself or
 *  rp2040js's demo/bootrom.ts (or a copy of it as .mjs): a list of 0x........ words. */
export function readBootrom(path) {
  const raw = fs.readFileSync(path);
  let words;
  if (raw.length === 16384) {
    words = new Uint32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  } else {
    const text = raw.toString('latin1');
    const body = text.slice(text.indexOf('['), text.lastIndexOf(']'));
    words = Uint32Array.from(body.match(/0x[0-9a-fA-F]{1,8}/g) ?? [], (w) => parseInt(w, 16));
  }
  if (words.length !== 4096) throw new Error(`${path}: not an RP2040 boot ROM (${words.length} words, want 4096)`);
  return words;
}

/** A flash image (2 MiB, erased bytes 0xff) with a UF2 file's blocks written into it. */
export function flashFromUF2(path) {
  const uf2 = fs.readFileSync(path);
  const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  let blocks = 0;
  for (let off = 0; off + 512 <= uf2.length; off += 512) {
    const block = new DataView(uf2.buffer, uf2.byteOffset + off, 512);
    // UF2 block: two start magics, flags, target address, payload size, ... payload at 32
    if (block.getUint32(0, true) !== 0x0a324655 || block.getUint32(4, true) !== 0x9e5d5157) continue;
    const addr = block.getUint32(12, true) - FLASH_BASE, size = block.getUint32(16, true);
    if (addr < 0 || addr + size > FLASH_SIZE) continue; // not for the flash (e.g. RAM)
    flash.set(uf2.subarray(off + 32, off + 32 + size), addr);
    blocks++;
  }
  if (!blocks) throw new Error(`${path}: no UF2 blocks for the RP2040's flash`);
  return flash;
}

// ---------------------------------------------------------------------------- the chip

// rp2040js logs every access to what it does not model (many per boot, all harmless for
// MicroPython): errors only, each message once.
const reported = new Set();
const quietLogger = {
  debug() {}, info() {}, warn() {},
  error(component, message) {
    const line = `${component}: ${message}`;
    if (reported.has(line)) return;
    reported.add(line);
    console.log(`rp2040js ${line} (not repeated)`);
  },
};

/** A fresh RP2040 (core, RAM and peripherals at their reset state) running `flash` (copied in),
 *  stopped at the start of flash (boot stage 2), as the boot ROM leaves it on a Pico. */
export function createRP2040(bootrom, flash) {
  const sim = new Simulator();
  const mcu = sim.rp2040;
  mcu.logger = quietLogger;
  mcu.loadBootrom(bootrom); // also resets the core and erases rp2040js's flash array
  mcu.flash.set(flash.subarray(0, mcu.flash.length));
  installFlashChip(mcu);
  // rp2040js logs each read of core 1's FIFO (SIO 0x50 FIFO_ST, 0x58 FIFO_RD) with console.warn;
  // an idle core 1 reads as 0xffffffff there, which is all MicroPython needs
  const sio = mcu.sio, sioRead = sio.readUint32.bind(sio);
  sio.readUint32 = (offset) => (offset === 0x50 || offset === 0x58 ? 0xffffffff : sioRead(offset));
  // PIO: stepped by Board.run() with the CPU (stepPIO below), never by rp2040js's own timer
  for (const pio of mcu.pio) pio.run = () => {};
  mcu.core.PC = FLASH_BASE;
  return mcu;
}

/** One CPU instruction (or, while the core sleeps in WFI/WFE, one step of idle time up to
 *  `endNs`), with both PIO blocks advanced by as many clk_sys cycles. Returns the cycles the
 *  CPU executed (0 while asleep). While the core sleeps, time jumps to whichever comes first:
 *  the next instruction of a running state machine, the next timer alarm, the slice's end; so
 *  a state machine that runs all the time (the 74HC165 scanner: an instruction every 625
 *  cycles) costs a step per instruction, not per cycle. */
export function step(mcu, endNs) {
  const { core, clock, pio } = mcu;
  if (!core.waiting) {
    const cycles = core.executeInstruction();
    clock.tick(cycles * NS_PER_CYCLE);
    if (!pio[0].stopped) stepPIO(pio[0], cycles);
    if (!pio[1].stopped) stepPIO(pio[1], cycles);
    return cycles;
  }
  const toAlarm = clock.nanosToNextAlarm, left = endNs - clock.nanos;
  let ns = clock.nextAlarm ? Math.min(toAlarm, left) : left;
  if (!pio[0].stopped || !pio[1].stopped) {
    const c = Math.min(pio[0].stopped ? Infinity : cyclesToNextStep(pio[0]),
      pio[1].stopped ? Infinity : cyclesToNextStep(pio[1]));
    ns = Math.min(ns, c * NS_PER_CYCLE);
  }
  const cycles = Math.max(1, Math.ceil(ns / NS_PER_CYCLE));
  clock.tick(cycles * NS_PER_CYCLE);
  if (!pio[0].stopped) stepPIO(pio[0], cycles);
  if (!pio[1].stopped) stepPIO(pio[1], cycles);
  return 0;
}

/** clk_sys cycles until the next instruction of any enabled state machine of a PIO block
 *  (its divided clock, and the [delay] cycles it still holds for); Infinity if none runs. */
export function cyclesToNextStep(pio) {
  let best = Infinity;
  for (let m = 0; m < 4; m++) {
    const sm = pio.machines[m];
    if (!sm.enabled) continue;
    const divider = (sm.clockDivInt || 65536) * 256 + sm.clockDivFrac;
    const need = ((sm.lanterneHold || 0) + 1) * divider - (sm.lanterneClock || 0);
    const c = Math.max(1, Math.ceil(need / 256));
    if (c < best) best = c;
  }
  return best;
}

/** Advance a PIO block by `cycles` clk_sys cycles. Each enabled state machine runs one
 *  instruction per divided clock (CLKDIV INT.FRAC, 0 meaning 65536), and an instruction that
 *  took extra cycles ([delay], or a wait's delay) holds its machine for them. A machine's
 *  divided clock ticks are counted in one sum (no loop over cycles); the pins are looked at
 *  after each instruction. (Callers keep `cycles` within one instruction of the earliest
 *  machine: step() does, so pin edges keep their time.) */
export function stepPIO(pio, cycles) {
  const machines = pio.machines;
  for (let m = 0; m < 4; m++) {
    const sm = machines[m];
    if (!sm.enabled) { sm.lanterneHold = 0; continue; }
    const divider = (sm.clockDivInt || 65536) * 256 + sm.clockDivFrac; // in 1/256 cycles
    sm.lanterneClock = (sm.lanterneClock || 0) + 256 * cycles;
    while (sm.lanterneClock >= divider) {
      sm.lanterneClock -= divider;
      if (sm.lanterneHold > 0) { sm.lanterneHold--; continue; }
      const before = sm.cycles, pc = sm.pc; // rp2040js counts an instruction's cycles, delay included
      sm.step();
      sm.lanterneHold = Math.max(0, sm.cycles - before - 1);
      if (sm.pc === pc && !sm.lanterneHold && sm.x > 1 && pio.instructions[pc] === ((0b010 << 5) | pc)) {
        // `jmp x-- self` with no side-set or delay, just taken: a wait loop (the 74HC165
        // scanner's). Its further x + 1 runs change nothing but X and end with X at 0 falling
        // through: held for x instructions, then run once with X = 0, the same time line.
        sm.lanterneHold = sm.x;
        sm.x = 0;
      }
      pio.checkChangedPins();
    }
  }
}

// ---------------------------------------------------------------------------- flash writes

/** A small model of the Pico's SPI NOR flash (W25Q16) behind the SSI, enough for the boot
 *  ROM's flash_range_erase / flash_range_program: write enable, status (never busy), JEDEC id,
 *  unique id, read, 4/32/64 KiB sector erase, page program. The ROM drives chip select by hand
 *  through IO_QSPI's SS override, so that register is modelled too (rp2040js leaves it out). */
function installFlashChip(mcu) {
  const flash = mcu.flash, mask = flash.length - 1;
  const ssi = mcu.peripherals[SSI_KEY];
  const rxFifo = []; // bytes clocked back from the chip (the SSI's 16-entry RX FIFO)
  let selected = false; // chip select asserted (driven low)
  let command = []; // bytes of the current command, opcode first
  let writeEnabled = false;

  const byteIn = (b) => {
    command.push(b);
    const n = command.length, op = command[0];
    const addr = n >= 4 ? ((command[1] << 16) | (command[2] << 8) | command[3]) & mask : 0;
    switch (op) {
      case 0x06: writeEnabled = true; return 0; // WREN
      case 0x04: writeEnabled = false; return 0; // WRDI
      case 0x05: return 0; // RDSR1: never busy, writes are instant
      case 0x9f: return [0, 0xef, 0x40, 0x15][n - 1] ?? 0; // JEDEC id: Winbond W25Q16
      case 0x4b: return n > 5 ? (0x5a + n * 29) & 0xff : 0; // unique id: any fixed bytes
      case 0x03: return n > 4 ? flash[(addr + n - 5) & mask] : 0; // read data
      case 0x20: case 0x52: case 0xd8: { // sector / block erase
        if (n === 4 && writeEnabled) {
          const size = op === 0x20 ? 4096 : op === 0x52 ? 32768 : 65536;
          const start = addr & ~(size - 1);
          flash.fill(0xff, start, start + size);
          writeEnabled = false;
        }
        return 0;
      }
      case 0x02: // page program: bits only go 1 -> 0, the address wraps inside its 256-byte page
        if (n > 4 && writeEnabled) flash[(addr & ~0xff) | ((addr + n - 5) & 0xff)] &= b;
        return 0;
      default:
        return 0;
    }
  };

  const ssiWrite = ssi.writeUint32.bind(ssi), ssiRead = ssi.readUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => {
    if (offset === 0x60) { // DR0: one byte out, one byte back
      rxFifo.push(selected ? byteIn(value & 0xff) : 0);
      if (rxFifo.length > 16) rxFifo.shift();
      return;
    }
    if (offset === 0x08) rxFifo.length = 0; // SSIENR: enabling or disabling flushes the FIFOs
    ssiWrite(offset, value);
  };
  ssi.readUint32 = (offset) => {
    switch (offset) {
      case 0x60: return rxFifo.length ? rxFifo.shift() : 0; // DR0
      case 0x24: return rxFifo.length; // RXFLR
      case 0x20: return 0; // TXFLR: bytes leave at once
      case 0x28: return 0x6 | (rxFifo.length ? 0x8 : 0); // SR: TFNF | TFE | RFNE
      default: return ssiRead(offset);
    }
  };

  // IO_QSPI as a plain register file; GPIO_QSPI_SS_CTRL (0x0c) OUTOVER = 2 drives CS low
  const regs = new Uint32Array(12);
  const ioQspi = Object.create(mcu.peripherals[IO_QSPI_KEY]);
  ioQspi.readUint32 = (offset) => (offset < 0x30 ? regs[offset >> 2] : 0);
  ioQspi.writeUint32 = (offset, value) => {
    if (offset >= 0x30) return;
    regs[offset >> 2] = value;
    if (offset === 0x0c) {
      const low = ((value >> 8) & 3) === 2;
      if (low !== selected) command = []; // a new command starts with each selection
      selected = low;
    }
  };
  mcu.peripherals[IO_QSPI_KEY] = ioQspi;
}
