#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum ProcessInfoCores {
  static var count: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
