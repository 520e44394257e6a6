import { serviceConfigFromEnv } from '../src/config';

// A distributed service's environment, read once at start: the Kafka settings (KAFKA_NAMESPACE keeps
// deployments that share one cluster apart: README, Configuration).
const base = {
  DATABASE_URL: 'postgres://quire@127.0.0.1:5432/quire_content',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.2:9092',
  INTERNAL_SECRET: 'x'.repeat(32),
};

it('reads the brokers as a list and no namespace by default', () => {
  const config = serviceConfigFromEnv('content', base);
  expect(config.kafkaBrokers).toEqual(['127.0.0.1:9092', '127.0.0.2:9092']);
  expect(config.kafkaNamespace).toBe('');
});

it('takes a namespace of topic-name characters', () => {
  expect(serviceConfigFromEnv('content', { ...base, KAFKA_NAMESPACE: 'staging.' }).kafkaNamespace).toBe('staging.');
});

it.each(['with space', 'a/b', 'x'.repeat(65), 'ünï'])('refuses the namespace %j, naming the setting', (value) => {
  expect(() => serviceConfigFromEnv('content', { ...base, KAFKA_NAMESPACE: value })).toThrow(/KAFKA_NAMESPACE/);
});
