import { ComponentChildren } from 'preact';

/**
 * A table; on a narrow screen each row becomes a block of its cells, each
 * cell led by its column's name (`data-label`), so nothing is cut off or
 * scrolls sideways. The roles are explicit because a table drawn as blocks
 * loses them in some browsers.
 */
export function Table(props: { caption: string; head: string[]; rows: ComponentChildren[][]; id?: string }) {
  return (
    <div class="table-wrap" role="region" aria-label={props.caption} tabIndex={0}>
      <table id={props.id} class="stack" role="table">
        <caption>{props.caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {props.head.map((h) => (
              <th scope="col" role="columnheader">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {props.rows.map((row) => (
            <tr role="row">
              {row.map((cell, i) => (
                <td role="cell" data-label={props.head[i] || undefined}>
                  <div class="cell">{cell}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
