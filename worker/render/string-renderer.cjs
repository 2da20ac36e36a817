// react-dom's string renderer alone, which wrangler.toml's [alias] gives the worker for
// `react-dom/server`: for workerd that module is the streaming renderer and the string one
// together, and the worker only renders to a string. The build matches React's (NODE_ENV, which
// wrangler defines, so the other branch is left out of the script).
'use strict';

module.exports =
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');
