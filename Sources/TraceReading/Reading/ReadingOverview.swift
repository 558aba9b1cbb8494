/// Overview of trace reading (documentation only).
///
/// ## Pipeline
/// ``ByteSource`` (a file, standard input or bytes, read in 64 KiB chunks into
/// one reusable buffer) → a ``TraceReader`` (``CSVTraceReader``,
/// ``JSONLinesTraceReader``, ``JSONTraceReader``, or ``AnyTraceReader`` which
/// picks one by `--input-format`, extension or content) → ``TraceRow`` values →
/// ``FrameAssembler`` (rows sharing a timestamp form a ``TraceFrame``; time may
/// not go backwards; optional ``TraceSequenceValidator``).
///
/// ## Cost
/// - CSV and JSON Lines stream: memory is one chunk plus the longest record,
///   whatever the length of the trace. Rows are parsed in place from the
///   buffer: no `String`, `Array` or Foundation value per row; string touch ids
///   are interned once by ``TouchNameTable``.
/// - JSON streams too (``JSONWindow``): memory is one chunk plus the longest
///   event, `screen`, `scene` or `expect`. Events are parsed one at a time from the
///   buffer and never stored as Swift values; `screen` and `scene` become
///   ``JSONValue`` trees. For the object form, a first pass reads the
///   top-level members, passing over the events array with a bracket-matching
///   scan (8 bytes at a time), so they are available before the first event;
///   the events are then read from the array's `[` again (the file, or a
///   temporary copy made during the first pass when the input is a pipe).
/// - Numbers are parsed by ``DecimalParsing`` (exact fast path, standard
///   library fallback for hard cases): results are correctly rounded.
///
/// ## Input decisions
/// - A UTF-8 byte-order mark at the start is skipped (and not counted in columns).
/// - Columns are 1-based and count UTF-8 bytes; lines are 1-based.
/// - JSON strings must be valid UTF-8 with paired surrogates; invalid UTF-8 in
///   a CSV touch id is an error; elsewhere in CSV (ignored columns) it is data.
/// - JSON keys are case-sensitive; CSV header names and phase values ignore
///   ASCII case. Aliases: `timestamp`/`time` for `t`; `touch`/`touchId`/
///   `touch_id`/`finger`/`pointer` for `id`; `type`/`action` for `phase`;
///   `down`/`move`/`up`/`cancel` for phases.
/// - Touch ids: integers (and strings in canonical integer form, so `"3"` is
///   touch 3) or other non-empty strings. A JSON number with a fraction or
///   exponent, a Boolean, `null`, an array or an object is an error.
/// - Times may be negative (only differences matter); they must be finite, as
///   must coordinates. `--time-unit` divides by 1e3/1e6/1e9.
/// - An input without any event line/row/header is an "empty trace" error; a
///   CSV header without rows, `[]` and `{"events": []}` read as zero rows, which the replay rejects
///   with the same "empty trace: no events" error (`Replayer`).
package enum ReadingOverview {}
