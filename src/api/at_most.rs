//! The one way to send several requests at once with a limit: [`at_most`],
//! and each limit, named here once.

use futures::stream::{self, Stream, StreamExt};
use std::future::Future;

/// Reads of one VM each sent at once (a tag's VMs, the pinned ones): the six
/// connections a browser opens to a host over HTTP/1.1.
pub const READS_AT_ONCE: usize = 6;

/// Statistics read at once (the list's transfer column): fewer than the
/// browser's connections, so that a page of a hundred VMs leaves some for
/// the list's own reads.
pub const STATS_AT_ONCE: usize = 4;

/// Writes of a bulk action on their way at once: each may start work on a
/// VM, and a few at a time keeps the service from being flooded while the
/// results still come one after the other.
pub const WRITES_AT_ONCE: usize = 4;

/// Runs `work` with at most `limit` of it under way at a time, the next one
/// started as one ends; each output comes as its work ends (not in order).
/// A piece of work starts when it is first polled, so what it does first
/// (saying it is being sent) happens as it takes its turn.
pub fn at_most<F: Future>(
    limit: usize,
    work: impl IntoIterator<Item = F>,
) -> impl Stream<Item = F::Output> {
    stream::iter(work).buffer_unordered(limit.max(1))
}
