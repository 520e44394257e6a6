// One jest run: unit tests per package, then the same end-to-end suite against both ways of running.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json', isolatedModules: true }];
const moduleNameMapper = {
  '^@quire/proto$': '<rootDir>/proto/src/index.ts',
  '^@quire/common$': '<rootDir>/services/common/src/index.ts',
  '^@quire/(identity|content|sites|specs|insights)$': '<rootDir>/services/$1/src/service.ts',
  '^@quire/gateway$': '<rootDir>/gateway/src/index.ts',
};
const base = { transform: { '^.+\\.ts$': tsJest }, moduleNameMapper, testEnvironment: 'node' };
const e2e = (target) => ({
  ...base,
  displayName: `e2e-${target}`,
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  globalSetup: `<rootDir>/test/support/setup-${target}.ts`,
  globalTeardown: `<rootDir>/test/support/teardown-${target}.ts`,
  globals: { QUIRE_TARGET: target },
  testTimeout: 60000,
});
module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/services/*/test/**/*.test.ts',
        '<rootDir>/gateway/test/**/*.test.ts',
        '<rootDir>/test/unit/**/*.test.ts',
      ],
      testTimeout: 30000,
    },
    e2e('embedded'),
    e2e('distributed'),
  ],
};
