import { describe, expect, it } from 'vitest';
import { MAX_SHARDS, probeOrder, resizeShards, shardCount, shardsWithTaken, splitCapacity } from '../../src/seats/plan.js';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('seat shards', () => {
  it('a small event keeps one shard; a large one spreads up to the maximum', () => {
    expect(shardCount(1)).toBe(1);
    expect(shardCount(9)).toBe(1);
    expect(shardCount(20)).toBe(1);
    expect(shardCount(21)).toBe(2);
    expect(shardCount(2_000)).toBe(MAX_SHARDS);
    expect(shardCount(100_000)).toBe(MAX_SHARDS);
  });

  it.each([1, 9, 21, 101, 1_999, 2_000, 2_001, 50_000])('the capacities of %i seats sum to it, and differ by at most one', (capacity) => {
    const capacities = splitCapacity(capacity);
    expect(capacities).toHaveLength(shardCount(capacity));
    expect(sum(capacities)).toBe(capacity);
    expect(Math.max(...capacities) - Math.min(...capacities)).toBeLessThanOrEqual(1);
  });

  it('a new capacity keeps every seat given and spreads the free ones', () => {
    const shards = [
      { capacity: 5, taken: 5 },
      { capacity: 5, taken: 1 },
      { capacity: 5, taken: 0 },
    ];
    const raised = resizeShards(shards, 21);
    expect(sum(raised)).toBe(21);
    raised.forEach((capacity, index) => expect(capacity).toBeGreaterThanOrEqual(shards[index].taken));
    expect(raised).toEqual([5 + 5, 1 + 5, 0 + 5]);
    // Lowered to exactly the seats taken: no shard has room left.
    expect(resizeShards(shards, 6)).toEqual([5, 1, 0]);
    expect(() => resizeShards(shards, 5)).toThrow(RangeError);
  });

  it('seats taken before the shards are spread without passing any shard’s capacity', () => {
    for (const [capacity, taken] of [
      [10, 0],
      [10, 10],
      [45, 44],
      [2_000, 1_234],
    ]) {
      const shards = shardsWithTaken(capacity, taken);
      expect(sum(shards.map((shard) => shard.capacity))).toBe(capacity);
      expect(sum(shards.map((shard) => shard.taken))).toBe(taken);
      for (const shard of shards) expect(shard.taken).toBeLessThanOrEqual(shard.capacity);
    }
  });

  it('tries every shard once, starting from a random one', () => {
    expect(probeOrder(5, () => 0)).toEqual([0, 1, 2, 3, 4]);
    expect(probeOrder(5, () => 0.5)).toEqual([2, 3, 4, 0, 1]);
    expect(probeOrder(5, () => 0.999)).toEqual([4, 0, 1, 2, 3]);
    expect(probeOrder(1)).toEqual([0]);
  });
});
