fn test_double() {
    assert double(21) == 42
}

fn test_main_runs() {
    main()
}
