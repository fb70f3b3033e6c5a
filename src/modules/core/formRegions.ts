/**
 * A region name entered in the portal form, checked against the regions of the subscription the user
 * chose: a `Microsoft.Solutions.ArmApiControl` lists them through ARM ("Subscriptions - List Locations",
 * learn.microsoft.com/rest/api/resources/subscriptions/list-locations, api-version 2022-12-01: `value` is the
 * list, each entry has `name` such as `westeurope` and `metadata.regionType` `Physical` or `Logical`), and a
 * TextBox validation (`isValid`, element reference microsoft-common-textbox) accepts only the name of a
 * physical region. So `westeuropa` is refused in the form, not by the deployment.
 *
 * The control's shape: microsoft-solutions-armapicontrol (`request.method` GET, `request.path` relative to
 * the ARM endpoint, built from `subscription().id`; its result is read as `.value`).
 */
import * as ui from '../../expressions/ui/index.js';

/** Subscriptions - List Locations (see the module comment). */
const LIST_LOCATIONS_API_VERSION = '2022-12-01';

/**
 * The ArmApiControl that lists the subscription's regions.
 * @param name the element's name (unique in the form)
 */
export function regionListElement(name: string): Record<string, unknown> {
  return {
    name,
    type: 'Microsoft.Solutions.ArmApiControl',
    // ARM-TTK "Tooltips Should Be Present" asks every Microsoft.* control but sections and text for one.
    toolTip: 'The regions of the chosen subscription, to check region names against.',
    request: { method: 'GET', path: ui.concat(ui.subscription().get('id'), `/locations?api-version=${LIST_LOCATIONS_API_VERSION}`) },
  };
}

/**
 * True when `entered` is empty or the name of a physical region the `list` control returned.
 * @param list the value of the {@link regionListElement} control, e.g. `ui.basics('regions')`
 * @param entered the value of the TextBox
 */
export function isRegionOrEmpty(list: ui.UiExpr, entered: ui.UiExpr): ui.UiExpr {
  const physical = ui.filter(list.get('value'), 'region', (r) => ui.equals(r.get('metadata').get('regionType'), 'Physical'));
  return ui.or(
    ui.empty(entered),
    ui.contains(
      ui.map(physical, 'region', (r) => r.get('name')),
      entered,
    ),
  );
}
