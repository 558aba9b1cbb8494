/// An environment's observer, held where the update reads it in place: reached through an
/// unretained reference to this holder, whose `observer` never changes, the transitions of an
/// update are reported with no retain and release of the observer (a pair per update: ~40
/// instructions and two atomic operations).
///
/// `GestureEnvironment.observer` makes a new holder whenever it is set. A holder replaced while
/// the update reports through it (an observer that sets the observer from its own callback) is
/// kept until that report ends (`UpdateState.retiredObserverHolders`), so the update keeps
/// reporting to the observer it started with, as it did when it held the observer itself.
final class ObserverHolder {
    let observer: any GestureEnvironmentObserver

    init(_ observer: any GestureEnvironmentObserver) {
        self.observer = observer
    }
}
