/// Facts about the machine.
package enum System {
  /// Cores available to this process.
  package static var coreCount: Int { max(1, ProcessInfoCores.count) }
}
