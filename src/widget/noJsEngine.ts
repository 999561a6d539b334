// Worker: what the notebook widget's worker has in place of the build with the JavaScript engine
// (vite.widget.config.ts aliases it): the widget explores the core's own policies.

export default function init(): Promise<never> {
  return Promise.reject(new Error('the notebook explorer steps the built-in policies; explore your own policy in the app'));
}
