import { writePgliteTemplate } from './pglite-template';

// Run by `npm run build`: makes the PGlite data-directory template once per PGlite version.
writePgliteTemplate().then(
  (made) => {
    if (made) process.stderr.write('made the PGlite data-directory template\n');
  },
  (err: Error) => {
    process.stderr.write(`could not make the PGlite template (databases will run initdb): ${err.message}\n`);
  },
);
