/** A DuckDB function the editor offers: its name, argument list and a one-line summary. */
export type SqlFunction = { name: string; args: string; doc: string };

/** `name(args): summary`, one per line; kept as text so the list stays easy to scan. */
const SOURCE = `
count(expr): number of non-null values; count(*) counts rows
count_if(cond): number of rows where cond is true
sum(expr): sum of values
avg(expr): average
min(expr): smallest value
max(expr): largest value
min_by(arg, val): arg of the row with the smallest val
max_by(arg, val): arg of the row with the largest val
arg_min(arg, val): arg of the row with the smallest val
arg_max(arg, val): arg of the row with the largest val
any_value(expr): any non-null value of the group
first(expr): first value of the group
last(expr): last value of the group
approx_count_distinct(expr): approximate distinct count (HyperLogLog)
approx_quantile(expr, q): approximate quantile
quantile_cont(expr, q): interpolated quantile
quantile_disc(expr, q): discrete quantile
median(expr): median
mode(expr): most frequent value
stddev(expr): sample standard deviation
stddev_pop(expr): population standard deviation
stddev_samp(expr): sample standard deviation
variance(expr): sample variance
var_pop(expr): population variance
var_samp(expr): sample variance
corr(y, x): correlation coefficient
covar_pop(y, x): population covariance
covar_samp(y, x): sample covariance
regr_slope(y, x): slope of the linear regression
regr_intercept(y, x): intercept of the linear regression
entropy(expr): log-2 entropy
kurtosis(expr): excess kurtosis
skewness(expr): skewness
product(expr): product of values
bool_and(expr): true if every value is true
bool_or(expr): true if any value is true
bit_and(expr): bitwise AND of values
bit_or(expr): bitwise OR of values
bit_xor(expr): bitwise XOR of values
string_agg(expr, sep): concatenated strings with a separator
group_concat(expr, sep): concatenated strings with a separator
list(expr): values of the group as a list
array_agg(expr): values of the group as a list
histogram(expr): map of value to count
fsum(expr): sum with Kahan error compensation
geomean(expr): geometric mean
weighted_avg(value, weight): weighted average
row_number(): number of the row within its partition
rank(): rank with gaps
dense_rank(): rank without gaps
percent_rank(): relative rank (rank - 1) / (rows - 1)
cume_dist(): cumulative distribution
ntile(n): bucket number from 1 to n
lag(expr, offset, default): value of an earlier row
lead(expr, offset, default): value of a later row
first_value(expr): first value of the window frame
last_value(expr): last value of the window frame
nth_value(expr, n): n-th value of the window frame
abs(x): absolute value
ceil(x): rounded up
ceiling(x): rounded up
floor(x): rounded down
round(x, digits): rounded to digits
trunc(x): truncated toward zero
sign(x): -1, 0 or 1
sqrt(x): square root
cbrt(x): cube root
pow(x, y): x to the power y
power(x, y): x to the power y
exp(x): e to the power x
ln(x): natural logarithm
log(x): base-10 logarithm
log10(x): base-10 logarithm
log2(x): base-2 logarithm
mod(x, y): remainder
greatest(a, b, ...): largest argument
least(a, b, ...): smallest argument
random(): random number in [0, 1)
setseed(x): seed of random()
pi(): π
degrees(x): radians to degrees
radians(x): degrees to radians
sin(x): sine
cos(x): cosine
tan(x): tangent
atan2(y, x): arc tangent of y / x
isnan(x): whether x is NaN
isinf(x): whether x is infinite
isfinite(x): whether x is finite
factorial(n): n!
gcd(a, b): greatest common divisor
lcm(a, b): least common multiple
bit_count(x): number of set bits
even(x): rounded to the next even integer
length(s): number of characters
strlen(s): number of bytes
lower(s): lower case
upper(s): upper case
lcase(s): lower case
ucase(s): upper case
concat(a, b, ...): concatenation, skipping nulls
concat_ws(sep, a, b, ...): concatenation with a separator
substring(s, start, length): part of a string (1-based)
substr(s, start, length): part of a string (1-based)
left(s, n): first n characters
right(s, n): last n characters
trim(s): without leading and trailing spaces
ltrim(s): without leading spaces
rtrim(s): without trailing spaces
lpad(s, n, fill): padded on the left to n characters
rpad(s, n, fill): padded on the right to n characters
replace(s, from, to): every occurrence of from replaced by to
reverse(s): characters in reverse order
repeat(s, n): s repeated n times
position(needle IN s): 1-based position of needle, 0 if absent
strpos(s, needle): 1-based position of needle, 0 if absent
instr(s, needle): 1-based position of needle, 0 if absent
contains(s, needle): whether s contains needle
starts_with(s, prefix): whether s starts with prefix
ends_with(s, suffix): whether s ends with suffix
prefix(s, prefix): whether s starts with prefix
suffix(s, suffix): whether s ends with suffix
split_part(s, sep, n): n-th part of s split on sep
string_split(s, sep): s split on sep, as a list
str_split(s, sep): s split on sep, as a list
regexp_matches(s, pattern): whether s matches the regular expression
regexp_replace(s, pattern, replacement, options): regular expression replacement
regexp_extract(s, pattern, group): captured group of the first match
regexp_extract_all(s, pattern, group): every match's captured group
regexp_split_to_array(s, pattern): s split on a regular expression
like_escape(s, pattern, escape): LIKE with an escape character
format(fmt, args...): fmt-style formatting ('{}' placeholders)
printf(fmt, args...): printf-style formatting
md5(s): MD5 hash as hex
sha256(s): SHA-256 hash as hex
hash(x): 64-bit hash
ascii(s): code point of the first character
chr(n): character of a code point
to_base64(blob): base64 text of a blob
from_base64(s): blob of base64 text
hex(x): hexadecimal text
unhex(s): blob of hexadecimal text
encode(s): UTF-8 blob of a string
decode(blob): string of a UTF-8 blob
levenshtein(a, b): edit distance
jaro_winkler_similarity(a, b): similarity from 0 to 1
now(): current timestamp (start of the transaction)
current_date: current date
current_timestamp: current timestamp
today(): current date
date_trunc(part, ts): timestamp truncated to part ('hour', 'day', 'week', 'month', ...)
datetrunc(part, ts): timestamp truncated to part
date_part(part, ts): a field of a date or timestamp
datepart(part, ts): a field of a date or timestamp
extract(part FROM ts): a field of a date or timestamp
date_diff(part, start, end): number of part boundaries between two times
datediff(part, start, end): number of part boundaries between two times
date_sub(part, start, end): number of whole parts between two times
date_add(date, interval): date plus an interval
time_bucket(width, ts): start of the bucket of the given width
strftime(ts, format): timestamp formatted as text
strptime(text, format): text parsed into a timestamp
to_timestamp(seconds): timestamp of Unix epoch seconds
epoch(ts): Unix epoch seconds
epoch_ms(ts): Unix epoch milliseconds (or timestamp of milliseconds)
make_date(y, m, d): date of its parts
make_timestamp(y, m, d, h, mi, s): timestamp of its parts
year(ts): year
month(ts): month (1-12)
day(ts): day of month
hour(ts): hour
minute(ts): minute
second(ts): second
dayofweek(ts): day of week (Sunday = 0)
dayofyear(ts): day of year
week(ts): ISO week number
quarter(ts): quarter (1-4)
last_day(date): last day of the month
age(ts1, ts2): interval between two timestamps
to_days(n): interval of n days
to_hours(n): interval of n hours
generate_series(start, stop, step): list (or table) from start to stop inclusive
range(start, stop, step): list (or table) from start to stop exclusive
coalesce(a, b, ...): first non-null argument
ifnull(a, b): a, or b when a is null
nullif(a, b): null when a = b, else a
if(cond, a, b): a when cond is true, else b
iff(cond, a, b): a when cond is true, else b
typeof(x): name of the type of x
try_cast(x AS type): x cast to type, or null when it cannot be
cast(x AS type): x cast to type
list_value(a, b, ...): list of the arguments
list_contains(list, x): whether the list contains x
list_has_any(a, b): whether the lists share an element
list_distinct(list): list without duplicates
list_sort(list): sorted list
list_reverse_sort(list): list sorted in descending order
list_slice(list, begin, end): part of a list
list_transform(list, lambda): every element mapped by a lambda
list_filter(list, lambda): elements the lambda keeps
list_aggregate(list, name): aggregate of the elements
list_sum(list): sum of the elements
list_concat(a, b): concatenated lists
array_length(list): number of elements
len(list): number of elements
unnest(list): one row per element
flatten(list_of_lists): lists concatenated into one
struct_pack(name := value, ...): struct of named values
struct_extract(struct, name): field of a struct
map(keys, values): map of two lists
map_keys(map): keys of a map
map_values(map): values of a map
element_at(map, key): value of a key as a list
json_extract(json, path): JSON at a path
json_extract_string(json, path): text at a JSON path
json_value(json, path): scalar at a JSON path
json_array_length(json): number of elements of a JSON array
json_keys(json): keys of a JSON object
json_valid(text): whether text is valid JSON
to_json(x): x as JSON
read_parquet(path): rows of Parquet files
read_csv(path): rows of CSV files
read_json(path): rows of JSON files
`;

export const DUCKDB_FUNCTIONS: readonly SqlFunction[] = SOURCE.trim()
  .split('\n')
  .map((line) => {
    const colon = line.indexOf(': ');
    const signature = line.slice(0, colon);
    const paren = signature.indexOf('(');
    return {
      name: paren < 0 ? signature : signature.slice(0, paren),
      args: paren < 0 ? '' : signature.slice(paren),
      doc: line.slice(colon + 2),
    };
  });
