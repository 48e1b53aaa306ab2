// The `kce` command line (skeleton; commands land with the core).
process.stderr.write('kce: not built yet\n');
process.exit(2);
