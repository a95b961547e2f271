// Tells the host page, before the app has booted, that the modal's document loaded: the
// browser let the site frame it (CSP frame-ancestors), so the host may show the loading state.
if (window.parent !== window) window.parent.postMessage({ airlock: 'boot' }, '*')
