// node-diff3 ships its typings behind package.json `exports`, which this project's `moduleResolution:
// node` does not read; the module is re-declared from the package's own declaration file.
declare module 'node-diff3' {
  export * from 'node-diff3/src/diff3';
}
