import { contentSettingsFromEnv, DEFAULT_GIT_SYNC_LIMITS, DEFAULT_IMPORT_LIMITS } from '../src/settings';

// Content reads its settings in one module with one set of defaults: an empty
// environment gives exactly the defaults the importers and the Git transport are documented with.
describe('content settings', () => {
  it('answers the one set of defaults for an empty environment', () => {
    const settings = contentSettingsFromEnv({});
    expect(settings.gitSync).toEqual(DEFAULT_GIT_SYNC_LIMITS);
    expect(settings.importLimits).toEqual(DEFAULT_IMPORT_LIMITS);
    expect(settings.gitSync).toMatchObject({ maxFiles: 20_000, maxFileBytes: 50 * 1024 * 1024, stageTimeoutMs: 300_000 });
  });

  it('takes a limit from the environment and names a bad one', () => {
    expect(contentSettingsFromEnv({ CONTENT_GIT_SYNC_MAX_FILES: '10' }).gitSync.maxFiles).toBe(10);
    expect(() => contentSettingsFromEnv({ CONTENT_GIT_SYNC_MAX_FILES: 'many' })).toThrow(/CONTENT_GIT_SYNC_MAX_FILES/);
  });
});
