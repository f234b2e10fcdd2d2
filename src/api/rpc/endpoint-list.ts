/**
 * The page `GET /` (or a POST with an empty body) shows: CometBFT's HTML list of endpoints with
 * their argument names. Every CometBFT route takes a context argument, so all of them land under
 * "Endpoints that require arguments".
 */
import type { Route } from './route.ts';

export function endpointListHtml(host: string, routes: Readonly<Record<string, Route>>): string {
  let html = '<html><body><br>Available endpoints:<br><br>Endpoints that require arguments:<br>';
  for (const name of Object.keys(routes).sort()) {
    const link = `//${host}/${name}?${routes[name]!.params.map((p) => `${p.name}=_`).join('&')}`;
    html += `<a href="${link}">${link}</a></br>`;
  }
  return html + '</body></html>';
}
