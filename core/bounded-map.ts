/**
 * Sets `key` as the newest entry of `map`, then drops the oldest entries past `capacity`: a map
 * bounded by recency of setting, for the process-long caches a stream of new keys must not grow.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > capacity) map.delete(map.keys().next().value as K);
}
