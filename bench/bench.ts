// `npm run bench` (skeleton; benchmarks land with the core).
console.log('no benchmarks yet');
