import type { VoterRecord } from '@/lib/slips/types';
import { buildVoterIndex, type VoterIndex } from './search';

/**
 * The search indexes of the lists searched lately, kept in memory: built on a list's first search (from
 * its stored voters file, which never changes: a new file is a new key), and dropped least recently used
 * first once more than `maxVoters` voters are held in all. A build asked for twice at once is made once.
 */
export class VoterIndexCache {
  private readonly held = new Map<string, Promise<VoterIndex>>();
  private readonly sizes = new Map<string, number>();

  constructor(private readonly maxVoters: number) {}

  /** Voters held in all (built indexes). */
  get voters(): number {
    let n = 0;
    for (const size of this.sizes.values()) n += size;
    return n;
  }

  get keys(): string[] {
    return [...this.held.keys()];
  }

  async get(key: string, load: () => Promise<readonly VoterRecord[]>): Promise<VoterIndex> {
    const hit = this.held.get(key);
    if (hit) {
      // most recently used last
      this.held.delete(key);
      this.held.set(key, hit);
      return hit;
    }
    const building = load().then((voters) => buildVoterIndex(voters));
    this.held.set(key, building);
    try {
      const index = await building;
      if (this.held.get(key) === building) {
        this.sizes.set(key, index.size);
        this.evict(key);
      }
      return index;
    } catch (error) {
      if (this.held.get(key) === building) this.held.delete(key);
      throw error;
    }
  }

  /** Oldest first, never the one just built (a list larger than the bound is still searched, then dropped first). */
  private evict(keep: string): void {
    for (const key of [...this.held.keys()]) {
      if (this.voters <= this.maxVoters) return;
      if (key === keep || !this.sizes.has(key)) continue;
      this.held.delete(key);
      this.sizes.delete(key);
    }
  }

  clear(): void {
    this.held.clear();
    this.sizes.clear();
  }
}

/**
 * Voters held by the process's cache: about 1 KB each (`npm run bench -- search`), so about 0.5 GB at most;
 * a 300,000-voter task fits with room for smaller ones.
 */
export const SEARCH_CACHE_VOTERS = 500_000;

const shared: { cache?: VoterIndexCache } = ((globalThis as { __vsgVoterIndexes?: { cache?: VoterIndexCache } }).__vsgVoterIndexes ??= {});

/** The process's one cache (kept on globalThis: Next may load this module once per bundle). */
export function voterIndexCache(): VoterIndexCache {
  shared.cache ??= new VoterIndexCache(SEARCH_CACHE_VOTERS);
  return shared.cache;
}
