import { createBinder, quoteString } from '../src/modules/insights/store/clickhouse/bind';

describe('ClickHouse bind()', () => {
  it('escapes backslashes first, then quotes, and NUL, in literal mode', () => {
    expect(quoteString("it's")).toBe("'it\\'s'");
    expect(quoteString('a\\b')).toBe("'a\\\\b'");
    // Escaping the quote first would turn \' into \\' and close the string: the order matters.
    expect(quoteString("\\'")).toBe("'\\\\\\''");
    expect(quoteString('a\0b')).toBe("'a\\0b'");
    const b = createBinder(false);
    expect(b.bind('String', "'; DROP TABLE x")).toBe("'\\'; DROP TABLE x'");
    expect(b.bind('DateTime', 1_700_000_000)).toBe("toDateTime(1700000000, 'UTC')");
    expect(b.bind('Int64', -5)).toBe('-5');
    expect(b.params).toEqual({});
  });

  it('uses named typed parameters when the server has them', () => {
    const b = createBinder(true);
    expect(b.bind('String', "it's")).toBe('{p0:String}');
    expect(b.bind('DateTime', 10)).toBe("toDateTime({p1:UInt32}, 'UTC')");
    expect(b.bind('Float64', 1.5)).toBe('{p2:Float64}');
    expect(b.params).toEqual({ p0: "it's", p1: 10, p2: 1.5 });
  });

  it('refuses values that do not fit the type', () => {
    const b = createBinder(false);
    expect(() => b.bind('String', 1)).toThrow(TypeError);
    expect(() => b.bind('UInt32', '1 OR 1=1')).toThrow(TypeError);
    expect(() => b.bind('UInt32', 2 ** 32)).toThrow(RangeError);
    expect(() => b.bind('DateTime', -1)).toThrow(RangeError);
    expect(() => b.bind('Int64', Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});
