// Printed by `npm start` before it compiles: tsc prints nothing while it works, and a first start
// compiles every package for about a minute, which otherwise looks like a hang.
process.stderr.write('Compiling Quire (about a minute on the first start, seconds after that)…\n');
