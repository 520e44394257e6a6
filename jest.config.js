// One jest run: unit tests per package, then the same end-to-end suite against both ways of running.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }];
const moduleNameMapper = {
  '^@quire/proto$': '<rootDir>/proto/src/index.ts',
  // @quire/platform has one entry per area (its package.json `exports`), no root entry.
  '^@quire/platform/(.+)$': '<rootDir>/packages/platform/src/$1',
  '^@quire/(errors|ids|helpers|urls|ordering|input|access|contracts)$': '<rootDir>/packages/$1/src/index.ts',
  '^@quire/gateway/route-table$': '<rootDir>/gateway/src/route-table.ts',
  '^@quire/formats$': '<rootDir>/packages/formats/src/index.ts',
  '^@quire/publishing$': '<rootDir>/packages/publishing/src/index.ts',
  '^@quire/page-html$': '<rootDir>/packages/page-html/src/index.ts',
  '^@quire/(identity|content|sites|specs|insights|webhooks|reader)$': '<rootDir>/services/$1/src/service.ts',
  '^@quire/gateway$': '<rootDir>/gateway/src/index.ts',
  '^@quire/(embedded|stack)$': '<rootDir>/apps/$1/src/index.ts',
};
const base = { transform: { '^.+\\.ts$': tsJest }, moduleNameMapper, testEnvironment: 'node' };
const e2e = (target) => ({
  ...base,
  displayName: `e2e-${target}`,
  // Each run adds the tests only its way of running has: the distributed one kills processes and
  // stops the broker; the embedded one stops and restarts the single process on its data.
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts', `<rootDir>/test/e2e-${target}/**/*.test.ts`],
  globalSetup: `<rootDir>/test/support/setup-${target}.ts`,
  globalTeardown: `<rootDir>/test/support/teardown-${target}.ts`,
  globals: { QUIRE_TARGET: target },
});
module.exports = {
  testTimeout: 60000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/packages/*/test/**/*.test.ts',
        '<rootDir>/services/*/test/**/*.test.ts',
        '<rootDir>/gateway/test/**/*.test.ts',
        '<rootDir>/apps/*/test/**/*.test.ts',
        '<rootDir>/tools/*/test/**/*.test.ts',
        '<rootDir>/test/unit/**/*.test.ts',
      ],
    },
    e2e('embedded'),
    e2e('distributed'),
  ],
};
