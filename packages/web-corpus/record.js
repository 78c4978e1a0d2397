/*
 * The in-page success signal of the web corpus. Pages call window.__record(kind, detail), e.g.
 * __record('clicked', 'Billing') in a click handler or __record('submitted', {name: 'Ann'}) for a
 * script-driven form. The event is sent with a synchronous request on purpose: it must have reached
 * the corpus server before the handler goes on (a handler may navigate away right after), so the
 * runner never needs to wait for late events.
 */
(function () {
  function send(kind, detail) {
    var body = JSON.stringify({
      kind: String(kind),
      detail: detail === undefined ? null : detail,
      page: location.pathname,
    });
    try {
      var xhr = new XMLHttpRequest();
      xhr.open('POST', '/_corpus/record', false);
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(body);
    } catch {
      // Synchronous requests are refused while a page unloads: fall back to a beacon.
      try {
        navigator.sendBeacon('/_corpus/record', new Blob([body], { type: 'application/json' }));
      } catch {
        /* nothing left to try */
      }
    }
  }
  window.__record = send;
})();
