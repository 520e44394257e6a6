import { Metrics } from '../src/http/observability';

// Every answered request is counted under its method, route family and status, and timed under its
// method and route family, whatever order the label sets come in.

describe('request metrics', () => {
  it('counts and times each label set on its own', async () => {
    const metrics = new Metrics('test-process');
    metrics.observe('GET', '/v1/spaces/:id', 200, 0.003);
    metrics.observe('GET', '/v1/spaces/:id', 200, 0.2);
    metrics.observe('GET', '/v1/spaces/:id', 404, 0.001);
    metrics.observe('POST', '/v1/spaces/:id', 200, 3);
    const text = await metrics.registry.metrics();
    // The value of the sample of `name` carrying every label of `labels` (prom-client orders labels its own way).
    const line = (name: string, labels: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(`${name}{`) && labels.split(',').every((pair) => l.slice(0, l.lastIndexOf(' ')).includes(pair)))
        ?.split(' ')[1];
    expect(line('quire_http_requests_total', 'method="GET",route="/v1/spaces/:id",status="200"')).toBe('2');
    expect(line('quire_http_requests_total', 'method="GET",route="/v1/spaces/:id",status="404"')).toBe('1');
    expect(line('quire_http_requests_total', 'method="POST",route="/v1/spaces/:id",status="200"')).toBe('1');
    // Both GET answers are one histogram series: three observations, 0.204 s in all, two within 0.25 s.
    expect(line('quire_http_request_duration_seconds_count', 'method="GET",route="/v1/spaces/:id"')).toBe('3');
    expect(Number(line('quire_http_request_duration_seconds_sum', 'method="GET",route="/v1/spaces/:id"'))).toBeCloseTo(0.204, 6);
    expect(line('quire_http_request_duration_seconds_bucket', 'le="0.005",method="GET",route="/v1/spaces/:id"')).toBe('2');
    expect(line('quire_http_request_duration_seconds_bucket', 'le="2.5",method="POST",route="/v1/spaces/:id"')).toBe('0');
    expect(text).toContain('process="test-process"');
  });
});
