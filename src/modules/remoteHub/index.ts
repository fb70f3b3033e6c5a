/**
 * Remote hub (spec, parameters `remoteHubStorageUri` and `remoteHubStorageKey`): converted data is pushed to
 * another hub's data lake instead of this one. The key is kept in the hub's Key Vault as the secret
 * {@link remoteHubKeySecretName}, which the Data Factory linked service `remoteHubStorage` reads; both exist
 * only when the URI is set (variable `deployRemoteHub`, defined by the core module).
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { Contribution } from '../types.js';
import { names, ids, remoteHubKeySecretName, deployRemoteHub } from '../core/names.js';
import * as ui from '../../expressions/ui/index.js';
import { apiVersion } from '../core/apiVersions.js';
import { REMOTE_HUB_URI_PATTERN } from '../../model/remoteHub.js';
import { behaves } from '../../model/releases.js';

/** Remote hub module. */
export function remoteHubModule(model: HubModel): Contribution {
  const parameters = {
    remoteHubStorageUri: {
      type: 'string',
      defaultValue: model.remoteHub.storageUri,
      metadata: { description: 'Data Lake storage URI of a remote hub to push data to for ingestion there; empty means this hub.' },
    },
    remoteHubStorageKey: {
      type: 'securestring',
      defaultValue: '',
      metadata: {
        description: 'Storage account key of the remote hub storage (<STORAGE_ACCOUNT_KEY>); kept in Key Vault. Required when remoteHubStorageUri is set; not used otherwise.',
      },
    },
  } satisfies Contribution['parameters'];
  return {
    parameters,
    resources: [
      {
        type: 'Microsoft.KeyVault/vaults/secrets',
        apiVersion: apiVersion('Microsoft.KeyVault/vaults/secrets'),
        name: arm.format('{0}/{1}', names.keyVault, remoteHubKeySecretName),
        condition: deployRemoteHub,
        dependsOn: [ids.keyVault],
        // With a remote hub an empty key would store an empty secret and fail every copy; refuse it at deployment.
        properties: {
          value: arm.if_(
            arm.empty(arm.parameters('remoteHubStorageKey')),
            arm.call('fail', 'remoteHubStorageKey is required when remoteHubStorageUri is set: enter the storage account key of the remote hub.'),
            arm.parameters('remoteHubStorageKey'),
          ),
          attributes: { enabled: true },
        },
      },
    ],
    form: [
      {
        parameter: 'remoteHubStorageUri',
        step: 'networking',
        element: {
          name: 'remoteHubStorageUri',
          type: 'Microsoft.Common.TextBox',
          label: 'Remote hub storage URI',
          defaultValue: model.remoteHub.storageUri,
          toolTip: parameters.remoteHubStorageUri.metadata.description,
          constraints: {
            // With one engine to choose (`oneAnalyticsEngine`), choosing a remote hub takes its URI.
            required: behaves(model.release, 'oneAnalyticsEngine'),
            regex: REMOTE_HUB_URI_PATTERN,
            validationMessage:
              "Enter the Data Lake endpoint of the remote hub's storage account, https://<account>.dfs.core.windows.net/ (Settings > Endpoints > Data Lake Storage), not its blob endpoint or a container URL; or leave empty.",
          },
        },
        output: ui.steps('networking', 'remoteHubStorageUri'),
        engine: 'remoteHub',
        whenOff: '',
      },
      {
        parameter: 'remoteHubStorageKey',
        step: 'networking',
        element: {
          name: 'remoteHubStorageKey',
          type: 'Microsoft.Common.PasswordBox',
          label: { password: 'Remote hub storage key', confirmPassword: 'Confirm the key' },
          toolTip: parameters.remoteHubStorageKey.metadata.description,
          // Shown, and then required, only when a remote hub storage URI is entered.
          constraints: { required: true },
          options: { hideConfirmation: true },
          visible: ui.not(ui.empty(ui.steps('networking', 'remoteHubStorageUri'))),
        },
        output: ui.steps('networking', 'remoteHubStorageKey'),
        engine: 'remoteHub',
        whenOff: '',
      },
    ],
    formEngine: { engine: 'remoteHub', label: 'Remote hub', chosen: model.remoteHub.storageUri !== '' },
  };
}
