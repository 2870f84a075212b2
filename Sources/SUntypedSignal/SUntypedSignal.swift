// SUntypedSignal: the SSignalKit surface. Filled by the untyped issue.
