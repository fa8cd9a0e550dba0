#!/usr/bin/env node
// Lanterne's emulated Pico, "plugged in": a Board (board.mjs) run in simulated time, with
//  - its USB serial port on a TCP port (one client at a time: a connection is a program having
//    the port open, i.e. DTR on; host/lanterne/emulator.py turns it into a pseudo-terminal), and
//  - a control channel on another TCP port, one JSON object per line each way, for what a person
//    does with the board: press buttons, look at the LEDs, wait, press RESET.
//
// usage: node serve.mjs --firmware MICROPYTHON.uf2 --bootrom BOOTROM --tcp PORT --ctl PORT
//          [--pin-leds 2 --leds 1024] [--buttons up=10,down=11,left=12,right=13,a=14,b=15]
//          [--chain clock=16,latch=17,data=18,seats=4]
//          [--speed 1|max] [--fs-image FS.img] [--host 127.0.0.1]
//
// --pin-leds takes one GPIO, or several separated by commas: a chain split over lanes (one data
// line each, decoded each on its own; a frame is the lanes' pixels one after the other).
// --bootrom takes the 16 KiB boot ROM binary or rp2040js's demo/bootrom.ts (see docs/pico.md).
// --speed caps simulated seconds per wall second (default 1: never faster than a Pico); max runs
// as fast as this machine can. --fs-image loads a littlefs image (e.g. saved with save_flash)
// where MicroPython keeps its filesystem.
//
// Control requests (answers {"ok": true, ...} or {"ok": false, "error": ...}); times are
// simulated ms on the board's time line, which keeps counting across hard resets:
//   {"press": "a"} {"release": "a"}        hold a button (name or GPIO number) down / let go;
//                                          "s2.a": seat 2's A on a 74HC165 chain (--chain)
//   {"press_seq": [["s2.a", 0], ["s1.a", 0.7]], "ms": 80}  presses at those delays (ms, from the
//     first) on the time line, each held ms -> pressed_ms (each one's time)
//   {"chip_missing": 2, "missing": true}   seat 2's chip gone from the chain (or back)
//   {"tap": "a", "ms": 80, "after_ms": 0}  press for ms, then wait after_ms -> pressed_ms, released_ms
//     (+ "reset_after_ms": n: a hard reset n ms after the release, timed on the time line, not
//     by a second request that this machine's load would delay -> reset_at_ms)
//   {"frame": true}                        the last latched WS2812 frame -> n, t_ms, frame
//   {"frames_since": n, "wait_ms": 500}    frames after number n (waiting up to wait_ms for one)
//   {"time_ms": true} {"wait_ms": 100}     the time line now / after waiting
//   {"stats": true}                        speed, USB state, resets, frame count ...
//   {"gpio": 2}                            a pin's output and input levels
//   {"reset": true}                        hard reset (the RUN pin); answered once it is done
//   {"save_flash": "path"}                 write the filesystem region of flash to a file
import fs from 'fs';
import net from 'net';
import { Board } from './board.mjs';
import { FS_OFFSET, flashFromUF2, readBootrom } from './rp2040.mjs';

// ---------------------------------------------------------------------------- options
function parseArgs(argv) {
  const opt = { host: '127.0.0.1', tcp: '4321', ctl: '4322', speed: '1', buttons: '' };
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) usage(`bad argument ${argv[i]}`);
    opt[argv[i].slice(2)] = argv[i + 1];
  }
  if (!opt.firmware || !opt.bootrom) usage('--firmware and --bootrom are needed');
  return opt;
}
function usage(why) {
  console.error(`serve.mjs: ${why}\nusage: node serve.mjs --firmware UF2 --bootrom FILE --tcp PORT --ctl PORT ` +
    '[--pin-leds N --leds N] [--buttons name=gpio,...] [--speed 1|max] [--fs-image FILE] [--parent stdin]');
  process.exit(2);
}

const opt = parseArgs(process.argv.slice(2));
const SPEED = opt.speed === 'max' ? Infinity : Number(opt.speed);
const LED_PINS = opt['pin-leds'] != null ? String(opt['pin-leds']).split(',').map(Number) : [];
const LED_COUNT = opt.leds != null ? Number(opt.leds) : null;
const BUTTONS = Object.fromEntries(opt.buttons.split(',').filter(Boolean).map((kv) => {
  const [name, pin] = kv.split('=');
  return [name.trim(), Number(pin)];
}));
const SLICE_NS = 2e6; // simulated time run between looks at the sockets and timers
const WALL_SLICE_MS = 10; // ... or this much wall time, whichever comes first
const MAX_LAG_NS = 20e6; // when slower than real time, the debt carried at most

const log = (...a) => console.log(`[pico ${new Date().toISOString().slice(11, 23)}]`, ...a);

// ---------------------------------------------------------------------------- the board
const flash = flashFromUF2(opt.firmware);
if (opt['fs-image']) { // save_flash writes all of rp2040js's flash past FS_OFFSET: the Pico's 2 MiB are kept
  const image = fs.readFileSync(opt['fs-image']);
  flash.set(image.subarray(0, flash.length - FS_OFFSET), FS_OFFSET);
}
const CHAIN = opt.chain ? Object.fromEntries(opt.chain.split(',').map((kv) => {
  const [name, v] = kv.split('=');
  return [name.trim(), Number(v)];
})) : null;
const board = new Board({ bootrom: readBootrom(opt.bootrom), flash, ledPins: LED_PINS, buttonPins: Object.values(BUTTONS), chain: CHAIN });
const simMs = () => board.now() / 1e6;

// Waiting on the time line: timers run between slices, once board.now() reaches them.
const timers = []; // {at: ns, fn}
function after(ms, fn) {
  const t = { at: board.now() + ms * 1e6, fn };
  timers.push(t);
  return t;
}
const waitSim = (ms) => new Promise((resolve) => after(ms, resolve));
const frameWaiters = [];
if (board.leds) board.leds.onFrame = () => { for (const w of frameWaiters.splice(0)) w(); };
const resetWaiters = [];
board.onReset = () => {
  log(`hard reset at ${simMs().toFixed(1)} ms`);
  for (const w of resetWaiters.splice(0)) w();
};

// ---------------------------------------------------------------------------- serial over TCP
let client = null; // the one program that has the serial port open
const counters = { serialIn: 0, serialOut: 0, droppedOut: 0 };
board.onSerialData = (buf) => {
  counters.serialOut += buf.length;
  // a client that does not read must not grow our memory without bound: past 1 MiB queued,
  // drop the board's output, as a host tty's full buffer would
  if (client && !client.destroyed && client.writableLength < (1 << 20)) client.write(Buffer.from(buf));
  else counters.droppedOut += buf.length;
};
const serialServer = net.createServer((sock) => {
  sock.setNoDelay(true);
  if (client && !client.destroyed) client.destroy(); // the newest opener wins
  client = sock;
  board.setDTR(true);
  sock.on('data', (d) => { counters.serialIn += d.length; board.writeSerial(d); });
  const closed = () => {
    if (client !== sock) return;
    client = null;
    board.setDTR(false);
  };
  sock.on('close', closed);
  sock.on('error', closed);
});

// ---------------------------------------------------------------------------- run loop
// Simulated time is paced against the wall clock at SPEED (simulated s per wall s) at most.
let anchorWall = 0, anchorSim = 0, stopping = false;
function loop() {
  if (stopping) return;
  const wall = performance.now();
  let until = board.now() + SLICE_NS;
  if (Number.isFinite(SPEED)) {
    let target = anchorSim + (wall - anchorWall) * 1e6 * SPEED;
    if (target - board.now() > MAX_LAG_NS) { // behind: forget the debt beyond MAX_LAG_NS
      anchorSim = board.now() + MAX_LAG_NS;
      anchorWall = wall;
      target = anchorSim;
    }
    if (board.now() >= target) { // ahead of the wall clock: sleep a little
      setTimeout(loop, Math.max(1, Math.min(5, (board.now() - target) / 1e6 / SPEED)));
      return;
    }
    until = Math.min(until, target);
  }
  for (const t of timers) until = Math.min(until, t.at); // stop exactly at the next timer
  board.run(Math.max(until, board.now() + 1000), wall + WALL_SLICE_MS);
  const now = board.now();
  timers.sort((a, b) => a.at - b.at);
  while (timers.length && timers[0].at <= now) timers.shift().fn();
  setImmediate(loop);
}

// Speed over the last ~5 wall seconds, sampled four times a second.
const history = [];
setInterval(() => {
  const wall = performance.now();
  history.push([wall, board.now(), board.cycles, board.runWallMs]);
  while (history.length > 2 && wall - history[0][0] > 5000) history.shift();
}, 250).unref();

function stats() {
  const [w0, s0, c0, r0] = history[0] ?? [0, 0, 0, 0];
  const dWall = performance.now() - w0, dSim = board.now() - s0, dCycles = board.cycles - c0, dRun = board.runWallMs - r0;
  return {
    sim_ms: simMs(),
    speed_cap: Number.isFinite(SPEED) ? SPEED : 'max',
    realtime_ratio: dWall > 0 ? dSim / 1e6 / dWall : null, // simulated s per wall s
    emulated_mhz: dWall > 0 ? dCycles / dWall / 1e3 : null, // CPU cycles executed per wall us
    cpu_busy: dSim > 0 ? (dCycles * 8) / dSim : null, // share of simulated time not asleep
    max_ratio: dRun > 0 ? dSim / 1e6 / dRun : null, // simulated s per wall s spent emulating
    usb_up: board.usbUp, serial_client: client !== null, dtr: board.dtr ? 1 : 0,
    serial_bytes_in: counters.serialIn, serial_bytes_out: counters.serialOut, dropped_out: counters.droppedOut,
    frames: board.leds ? board.leds.count : null,
    resets: board.resets, reset_at_ms: board.resetAtNs / 1e6, usb_enumerations: board.usbEnumerations,
  };
}

// ---------------------------------------------------------------------------- control channel
function buttonPin(name) {
  const pin = BUTTONS[name] ?? (Number.isInteger(Number(name)) ? Number(name) : undefined);
  if (pin === undefined) throw new Error(`unknown button ${JSON.stringify(name)}`);
  return pin;
}
const SEAT_BUTTON = /^s(\d+)\.(\w+)$/;
const press = (name, down) => {
  const seat = SEAT_BUTTON.exec(String(name));
  if (seat) {
    if (!board.chain) throw new Error('no 74HC165 chain: start with --chain');
    board.chain.setButton(Number(seat[1]), seat[2], down);
    return null;
  }
  const pin = buttonPin(name);
  board.setButton(pin, down);
  return pin;
};
const lanesOf = (f) => (f?.lanes ? { lanes: f.lanes } : {}); // pixels each lane sent
const shown = (f) => (LED_COUNT != null ? f.px.slice(0, LED_COUNT) : f.px);
function leds() {
  if (!board.leds) throw new Error('no LED chain: start with --pin-leds');
  return board.leds;
}

async function handle(req) {
  if ('press' in req) return { pin: press(req.press, true), t_ms: simMs() };
  if ('release' in req) return { pin: press(req.release, false), t_ms: simMs() };
  if ('tap' in req) {
    const pin = press(req.tap, true), pressed = simMs();
    await waitSim(req.ms ?? 80);
    press(req.tap, false);
    const released = simMs();
    if (req.reset_after_ms != null) {
      await waitSim(Number(req.reset_after_ms));
      await new Promise((r) => { resetWaiters.push(r); board.resetPending = true; });
      return { pin, pressed_ms: pressed, released_ms: released, resets: board.resets, reset_at_ms: board.resetAtNs / 1e6 };
    }
    if (req.after_ms) await waitSim(req.after_ms);
    return { pin, pressed_ms: pressed, released_ms: released };
  }
  if ('press_seq' in req) {
    const seq = req.press_seq, t0 = simMs(), pressed = [];
    for (let i = 0; i < seq.length; i++) {
      const wait = t0 + Number(seq[i][1]) - simMs();
      if (wait > 0) await waitSim(wait);
      press(seq[i][0], true);
      pressed.push(simMs());
    }
    await waitSim(req.ms ?? 80);
    for (const [name] of seq) press(name, false);
    const released = simMs();
    if (req.after_ms) await waitSim(req.after_ms);
    return { pressed_ms: pressed, released_ms: released };
  }
  if ('chip_missing' in req) {
    if (!board.chain) throw new Error('no 74HC165 chain: start with --chain');
    board.chain.missing[Number(req.chip_missing)] = req.missing === false ? 0 : 1;
    return { loads: board.chain.loads };
  }
  if ('chain' in req) {
    if (!board.chain) throw new Error('no 74HC165 chain: start with --chain');
    return { seats: board.chain.seats, loads: board.chain.loads, inputs: Array.from(board.chain.inputs), t_ms: simMs() };
  }
  if ('frame' in req) {
    const f = leds().latest();
    return { n: leds().count, t_ms: f ? f.t_ms : null, frame: f ? shown(f) : null, ...lanesOf(f) };
  }
  if ('frames_since' in req) {
    const k = Number(req.frames_since) || 0;
    if (req.wait_ms && leds().count <= k) { // block until a newer frame, or wait_ms
      let timer;
      await Promise.race([new Promise((r) => frameWaiters.push(r)), new Promise((r) => { timer = after(req.wait_ms, r); })]);
      const i = timers.indexOf(timer);
      if (i >= 0) timers.splice(i, 1); // the frame came first
    }
    const frames = leds().since(k);
    return { n: leds().count, since: k, count: leds().count - k, frames: frames.map((f) => ({ n: f.n, t_ms: f.t_ms, frame: shown(f), ...lanesOf(f) })) };
  }
  if ('time_ms' in req) return { time_ms: simMs() };
  if ('wait_ms' in req) { await waitSim(Number(req.wait_ms)); return { time_ms: simMs() }; }
  if ('stats' in req) return stats();
  if ('gpio' in req) { const g = board.mcu.gpio[Number(req.gpio)]; return { out: g.outputValue, in: g.inputValue }; }
  if ('buttons' in req) return { buttons: BUTTONS, pressed: Object.fromEntries(Object.entries(BUTTONS).map(([n, p]) => [n, board.pressed.get(p)])) };
  if ('reset' in req) {
    await new Promise((r) => { resetWaiters.push(r); board.resetPending = true; });
    return { resets: board.resets, reset_at_ms: board.resetAtNs / 1e6 };
  }
  if ('save_flash' in req) { fs.writeFileSync(req.save_flash, board.mcu.flash.subarray(FS_OFFSET)); return {}; }
  throw new Error('unknown request ' + JSON.stringify(req));
}

const ctlServer = net.createServer((sock) => {
  sock.setNoDelay(true);
  let buf = '', queue = Promise.resolve(); // a connection's requests are answered in order
  sock.on('data', (d) => {
    buf += d.toString('utf8');
    for (let i; (i = buf.indexOf('\n')) >= 0;) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      if (!line) continue;
      queue = queue.then(async () => {
        let answer;
        try { answer = { ok: true, ...(await handle(JSON.parse(line))) }; } catch (e) { answer = { ok: false, error: String(e.message ?? e) }; }
        if (!sock.destroyed) sock.write(JSON.stringify(answer) + '\n');
      });
    }
  });
  sock.on('error', () => {});
});

// ---------------------------------------------------------------------------- start, stop
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`, JSON.stringify(stats()));
  serialServer.close();
  ctlServer.close();
  client?.destroy();
  process.exit(0);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
if (opt.parent === 'stdin') {
  // stdin is a pipe from the program that started the board: the system closes it however
  // that program ends (killed included), and the board goes with it rather than run on
  process.stdin.on('end', () => shutdown('parent gone'));
  process.stdin.on('error', () => shutdown('parent gone'));
  process.stdin.resume();
}
serialServer.listen(Number(opt.tcp), opt.host, () => ctlServer.listen(Number(opt.ctl), opt.host, () => {
  log(`${opt.firmware} on an emulated RP2040; serial tcp ${opt.host}:${opt.tcp}, control tcp ${opt.host}:${opt.ctl}, ` +
    `speed ${opt.speed}` + (LED_PINS.length ? `, WS2812 on ${LED_PINS.map((p) => `GP${p}`).join(', ')}` : '') +
    (Object.keys(BUTTONS).length ? `, buttons ${JSON.stringify(BUTTONS)}` : ''));
  anchorWall = performance.now();
  anchorSim = board.now();
  loop();
}));
