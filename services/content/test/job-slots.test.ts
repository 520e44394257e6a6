import { JobSlots } from '../src/modules/git-sync/consumers/job-slots';

// Git Sync jobs run side by side up to a bound, so one stuck job holds one slot only.

const never = () => new Promise<void>(() => undefined);

it('starts a job beside a stuck one, and waits for a slot only when every slot is taken', async () => {
  const slots = new JobSlots(2);
  await slots.start(never); // a remote that never answers
  let ran = false;
  await slots.start(async () => {
    ran = true;
  });
  expect(ran).toBe(true);
  await new Promise((r) => setImmediate(r));
  expect(slots.busy).toBe(1);

  await slots.start(never);
  let queued = false;
  const waiting = slots.start(async () => {
    queued = true;
  });
  await new Promise((r) => setTimeout(r, 20));
  expect(queued).toBe(false);
  expect(slots.busy).toBe(2);
  void waiting;
});

it('frees the slot of a job that failed', async () => {
  const slots = new JobSlots(1);
  await slots.start(() => Promise.reject(new Error('store down')));
  let ran = false;
  await slots.start(async () => {
    ran = true;
  });
  expect(ran).toBe(true);
});

it('needs at least one slot', () => {
  expect(() => new JobSlots(0)).toThrow(/at least one slot/);
});
