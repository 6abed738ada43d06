import { describeLoadFailure } from './load-problem';

describe('describeLoadFailure', () => {
  // As @module-federation/runtime-core 2.9 throws it (strictVersion), wrapped by the shell's ModuleLoadError.
  const refusal = new Error('Module mf_markets could not be loaded', {
    cause: new Error(
      '[ Federation Runtime ]: Version 1.0.0 from swx_shell of shared singleton module @swx/shared does not ' +
        'satisfy the requirement of mf_markets which needs ^2.0.0)',
    ),
  });

  it('names the library, the range the module was built for and the copy the page has', () => {
    expect(describeLoadFailure(refusal)).toEqual({
      kind: 'sharedVersion',
      library: '@swx/shared',
      required: '^2.0.0',
      provided: '1.0.0',
    });
  });

  it('keeps any other failure’s message', () => {
    expect(describeLoadFailure(new Error('Loading chunk 7 failed'))).toEqual({
      kind: 'failed',
      message: 'Loading chunk 7 failed',
    });
    expect(describeLoadFailure('offline')).toEqual({ kind: 'failed', message: 'offline' });
  });
});
