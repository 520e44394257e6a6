import { infraScript } from './infra';
import { killAll, readState } from './stack';

export default async function teardownDistributed(): Promise<void> {
  await killAll(readState('distributed'));
  // Leave the servers up for a developer who asked; CI and plain runs stop them.
  if (process.env.QUIRE_KEEP_INFRA !== '1') infraScript('infra.sh', 'stop');
}
