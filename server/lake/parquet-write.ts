/**
 * The format options of a COPY that writes Parquet Strata reads back (lake snapshots, results).
 *
 * DuckDB writes a Bloom filter for each dictionary-encoded column chunk and, reading, probes it to
 * skip row groups on an equality. For BLOB (varbinary) columns, 1.5.6 included, the probe hashes
 * another form of the value than the writer did, so `address = 0x…`, `IN (…)` and joins on a
 * varbinary column with few distinct values (token contracts, pools, an uploaded address list)
 * silently find no rows (duckdb/duckdb#24994). Files written without Bloom filters are read right;
 * dictionaries and min/max statistics still prune. parquet-write.test.ts shows both.
 */
export const PARQUET_WRITE = 'FORMAT parquet, WRITE_BLOOM_FILTER false';
