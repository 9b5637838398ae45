// The Lua scripts that make each cluster step atomic in Redis: an update appended together with
// its doc's head and dirty mark; a lease taken, renewed or given up with its fencing epoch; a
// checkpoint committed only by the current lease holder; the log trimmed only below what the
// bucket holds.
import type { Redis } from "ioredis";

/** KEYS: stream, head, dirty. ARGV: docId, update, member. Returns the entry id. */
const APPEND = `
local id = redis.call('XADD', KEYS[1], '*', 'd', ARGV[1], 'u', ARGV[2], 'm', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], id)
redis.call('ZADD', KEYS[3], 'NX', tonumber(string.match(id, '^(%d+)')), ARGV[1])
return id`;

/**
 * KEYS: lease, epoch. ARGV: member, ttl ms. Takes a free lease (a new epoch) or renews one the
 * member holds; returns the lease's token (member:epoch), or false when another member holds it.
 */
const ACQUIRE = `
local cur = redis.call('GET', KEYS[1])
if cur then
  if string.sub(cur, 1, #ARGV[1] + 1) == ARGV[1] .. ':' then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return cur
  end
  return false
end
local tok = ARGV[1] .. ':' .. redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], tok, 'PX', ARGV[2])
return tok`;

/** KEYS: lease. ARGV: token. Gives the lease up if it is still this token's. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * KEYS: lease, head, dirty. ARGV: token, docId, included id. After the bucket got a doc's state
 * up to `included`: refused (0) unless the token still holds the lease; else the doc is clean
 * (its head is covered) or dirty from `included` on. Returns 1.
 */
const COMMIT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local head = redis.call('HGET', KEYS[2], ARGV[2])
local function parts(id)
  local ms, seq = string.match(id, '^(%d+)-(%d+)$')
  return tonumber(ms), tonumber(seq)
end
if not head then
  redis.call('ZREM', KEYS[3], ARGV[2])
  return 1
end
local hm, hs = parts(head)
local im, is = parts(ARGV[3])
if hm < im or (hm == im and hs <= is) then
  redis.call('ZREM', KEYS[3], ARGV[2])
else
  redis.call('ZADD', KEYS[3], im, ARGV[2])
end
return 1`;

/**
 * KEYS: stream, dirty, trimmed. ARGV: retain ms, partition. Trims entries older than both the
 * oldest entry not in the bucket and now − retain (Redis's clock), and records the highest id it
 * removed under the partition in `trimmed` (XTRIM keeps no such record itself). Returns the
 * number of entries removed.
 */
const TRIM = `
local t = redis.call('TIME')
local cut = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - tonumber(ARGV[1])
local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if oldest[2] and tonumber(oldest[2]) < cut then cut = tonumber(oldest[2]) end
if cut <= 0 then return 0 end
local last = redis.call('XREVRANGE', KEYS[1], '(' .. cut .. '-0', '-', 'COUNT', 1)
if last[1] then redis.call('HSET', KEYS[3], ARGV[2], last[1][1]) end
return redis.call('XTRIM', KEYS[1], 'MINID', cut)`;

/**
 * KEYS: members. ARGV: member, ttl ms. Marks the member alive until now + ttl (Redis's clock),
 * drops expired members and returns the live ones.
 */
const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if ARGV[2] ~= '0' then redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
else redis.call('ZREM', KEYS[1], ARGV[1]) end
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

export interface ClusterCommands {
  lensAppend(
    stream: string,
    head: string,
    dirty: string,
    docId: string,
    update: Buffer,
    member: string,
  ): Promise<string>;
  lensAcquire(lease: string, epoch: string, member: string, ttlMs: number): Promise<string | null>;
  lensRelease(lease: string, token: string): Promise<number>;
  lensCommit(
    lease: string,
    head: string,
    dirty: string,
    token: string,
    docId: string,
    included: string,
  ): Promise<number>;
  lensTrim(
    stream: string,
    dirty: string,
    trimmed: string,
    retainMs: number,
    partition: number,
  ): Promise<number>;
  lensHeartbeat(members: string, member: string, ttlMs: number): Promise<string[]>;
}

export type ClusterRedis = Redis & ClusterCommands;

/** Adds the scripts to a connection as commands (sent by SHA, loaded on first use). */
export function defineScripts(redis: Redis): ClusterRedis {
  redis.defineCommand("lensAppend", { numberOfKeys: 3, lua: APPEND });
  redis.defineCommand("lensAcquire", { numberOfKeys: 2, lua: ACQUIRE });
  redis.defineCommand("lensRelease", { numberOfKeys: 1, lua: RELEASE });
  redis.defineCommand("lensCommit", { numberOfKeys: 3, lua: COMMIT });
  redis.defineCommand("lensTrim", { numberOfKeys: 3, lua: TRIM });
  redis.defineCommand("lensHeartbeat", { numberOfKeys: 1, lua: HEARTBEAT });
  return redis as ClusterRedis;
}
