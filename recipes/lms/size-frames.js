// Sizes every tensorcast iframe on the page to the height its page posts
// ({ type: 'tensorcast:height', height }), so that the frame shows all of
// the playground and never scrolls inside. Matched by the frame's window,
// not by origin: a sandboxed frame (sandbox="allow-scripts") posts from the
// opaque origin "null".
addEventListener('message', (e) => {
  if (e.data?.type !== 'tensorcast:height' || typeof e.data.height !== 'number') return;
  for (const frame of document.querySelectorAll('iframe'))
    if (frame.contentWindow === e.source) frame.style.height = `${e.data.height}px`;
});
