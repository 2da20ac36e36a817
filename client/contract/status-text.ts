// The words of the page a reader gets when the documentation store does not answer (503): alike
// in the site's layout (client/components/StatusPages.tsx), in the bare page the worker sends
// when even the layout cannot render, and at the end of a streamed document whose read failed.

export const unavailableText = {
  title: 'Unavailable',
  heading: 'This page is not available right now',
  message: 'The documentation store did not answer. This is usually brief.',
} as const;
