/// Facts about the machine.
public enum System {
  /// Cores available to this process.
  public static var coreCount: Int { max(1, ProcessInfoCores.count) }
}
