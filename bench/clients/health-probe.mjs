/**
 * A client of its own process for bench/serving.ts: asks GET <url> one request after another
 * (a new one 5 ms after each answer) until its standard input closes, then prints the latencies
 * in milliseconds as one JSON array.
 */
const url = process.argv[2];
const times = [];
let running = true;
process.stdin.on('end', () => (running = false));
process.stdin.resume();
while (running) {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  times.push(performance.now() - start);
  await new Promise((r) => setTimeout(r, 5));
}
console.log(JSON.stringify(times));
