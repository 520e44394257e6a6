import { killAll, readState } from './stack';

export default async function teardownEmbedded(): Promise<void> {
  await killAll(readState('embedded'));
}
